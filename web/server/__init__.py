"""web.server"""
