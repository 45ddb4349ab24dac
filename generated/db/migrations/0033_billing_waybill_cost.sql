ALTER TABLE "wms_stock_snapshot" ADD COLUMN "owner_locations" integer;--> statement-breakpoint
ALTER TABLE "wms_waybill" ADD COLUMN "carrier_cost" bigint;--> statement-breakpoint
ALTER TABLE "wms_waybill" ADD COLUMN "carrier_cost_currency" smallint;