"""web.table.service"""
