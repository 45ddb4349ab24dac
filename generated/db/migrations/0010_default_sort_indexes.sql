DROP INDEX "wms_inventory_log_inventory_id_idx";--> statement-breakpoint
DROP INDEX "wms_inventory_log_company_id_idx";--> statement-breakpoint
DROP INDEX "wms_inventory_log_warehouse_id_idx";--> statement-breakpoint
DROP INDEX "wms_inventory_log_owner_id_idx";--> statement-breakpoint
DROP INDEX "wms_inventory_log_sku_id_idx";--> statement-breakpoint
DROP INDEX "wms_inventory_log_biz_type_idx";--> statement-breakpoint
DROP INDEX "wms_inventory_log_biz_no_idx";--> statement-breakpoint
DROP INDEX "sys_permission_type_idx";--> statement-breakpoint
DROP INDEX "sys_permission_parent_code_idx";--> statement-breakpoint
CREATE INDEX "wms_inventory_log_inventory_id_add_date_id_idx" ON "wms_inventory_log"
	USING btree ("inventory_id","add_date","id");--> statement-breakpoint
CREATE INDEX "wms_inventory_log_company_id_add_date_id_idx" ON "wms_inventory_log"
	USING btree ("company_id","add_date","id");--> statement-breakpoint
CREATE INDEX "wms_inventory_log_warehouse_id_add_date_id_idx" ON "wms_inventory_log"
	USING btree ("warehouse_id","add_date","id");--> statement-breakpoint
CREATE INDEX "wms_inventory_log_owner_id_add_date_id_idx" ON "wms_inventory_log"
	USING btree ("owner_id","add_date","id");--> statement-breakpoint
CREATE INDEX "wms_inventory_log_sku_id_add_date_id_idx" ON "wms_inventory_log"
	USING btree ("sku_id","add_date","id");--> statement-breakpoint
CREATE INDEX "wms_inventory_log_biz_type_add_date_id_idx" ON "wms_inventory_log"
	USING btree ("biz_type","add_date","id");--> statement-breakpoint
CREATE INDEX "wms_inventory_log_biz_no_add_date_id_idx" ON "wms_inventory_log"
	USING btree ("biz_no","add_date","id");--> statement-breakpoint
CREATE INDEX "wms_inventory_log_add_date_id_idx" ON "wms_inventory_log"
	USING btree ("add_date","id");--> statement-breakpoint
CREATE INDEX "sys_permission_type_code_id_idx" ON "sys_permission"
	USING btree ("type","code","id");--> statement-breakpoint
CREATE INDEX "sys_permission_parent_code_code_id_idx" ON "sys_permission"
	USING btree ("parent_code","code","id");