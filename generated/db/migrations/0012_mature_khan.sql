CREATE INDEX "sys_request_record_user_name_trgm" ON "sys_request_record"
	USING gin ("user_name" gin_trgm_ops);