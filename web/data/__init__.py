"""web.data"""
