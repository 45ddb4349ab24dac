DROP INDEX "bas_city_province_name_idx";--> statement-breakpoint
DROP INDEX "bas_city_name_idx";--> statement-breakpoint
DROP INDEX "wms_company_allow_inbound_count_idx";--> statement-breakpoint
DROP INDEX "wms_company_allow_outbound_count_idx";--> statement-breakpoint
DROP INDEX "bas_country_en_name_idx";--> statement-breakpoint
DROP INDEX "bas_province_en_name_idx";--> statement-breakpoint
DROP INDEX "sys_role_name_idx";--> statement-breakpoint
DROP INDEX "wms_sku_sku_idx";--> statement-breakpoint
CREATE INDEX "bas_city_province_name_id_idx" ON "bas_city"
	USING btree ("province_name","id");--> statement-breakpoint
CREATE INDEX "bas_city_name_id_idx" ON "bas_city" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "wms_company_allow_inbound_count_id_idx" ON "wms_company"
	USING btree ("allow_inbound_count","id");--> statement-breakpoint
CREATE INDEX "wms_company_allow_outbound_count_id_idx" ON "wms_company"
	USING btree ("allow_outbound_count","id");--> statement-breakpoint
CREATE INDEX "wms_company_add_date_id_idx" ON "wms_company"
	USING btree ("add_date","id");--> statement-breakpoint
CREATE INDEX "bas_country_en_name_id_idx" ON "bas_country"
	USING btree ("en_name","id");--> statement-breakpoint
CREATE INDEX "wms_ec_platform_sku_add_date_id_idx" ON "wms_ec_platform_sku"
	USING btree ("add_date","id");--> statement-breakpoint
CREATE INDEX "wms_ec_platform_sku_owner_id_add_date_id_idx" ON "wms_ec_platform_sku"
	USING btree ("owner_id","add_date","id");--> statement-breakpoint
CREATE INDEX "wms_owner_add_date_id_idx" ON "wms_owner"
	USING btree ("add_date","id");--> statement-breakpoint
CREATE INDEX "bas_province_en_name_id_idx" ON "bas_province"
	USING btree ("en_name","id");--> statement-breakpoint
CREATE INDEX "sys_role_name_id_idx" ON "sys_role" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "sys_role_add_date_id_idx" ON "sys_role"
	USING btree ("add_date","id");--> statement-breakpoint
CREATE INDEX "wms_sku_sku_id_idx" ON "wms_sku" USING btree ("sku","id");--> statement-breakpoint
CREATE INDEX "wms_sku_add_date_id_idx" ON "wms_sku"
	USING btree ("add_date","id");--> statement-breakpoint
CREATE INDEX "wms_sku_owner_id_add_date_id_idx" ON "wms_sku"
	USING btree ("owner_id","add_date","id");--> statement-breakpoint
CREATE INDEX "wms_sku_category_add_date_id_idx" ON "wms_sku_category"
	USING btree ("add_date","id");--> statement-breakpoint
CREATE INDEX "wms_supplier_sku_add_date_id_idx" ON "wms_supplier_sku"
	USING btree ("add_date","id");--> statement-breakpoint
CREATE INDEX "wms_supplier_sku_owner_id_add_date_id_idx" ON "wms_supplier_sku"
	USING btree ("owner_id","add_date","id");--> statement-breakpoint
CREATE INDEX "sys_user_add_date_id_idx" ON "sys_user"
	USING btree ("add_date","id");--> statement-breakpoint
CREATE INDEX "wms_warehouse_add_date_id_idx" ON "wms_warehouse" USING btree ("add_date","id");