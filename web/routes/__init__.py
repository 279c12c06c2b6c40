"""web.routes"""
