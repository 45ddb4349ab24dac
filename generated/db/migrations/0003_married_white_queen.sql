CREATE INDEX "wms_sku_sku_trgm" ON "wms_sku" USING gin ("sku" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "wms_sku_name_trgm" ON "wms_sku" USING gin ("name" gin_trgm_ops);