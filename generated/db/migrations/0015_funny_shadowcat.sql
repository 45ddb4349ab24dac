CREATE TABLE "wms_inventory_snapshot" (
	"snapshot_date" date NOT NULL,
	"warehouse_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"qty" bigint NOT NULL,
	"lock_qty" bigint NOT NULL,
	"sku_count" integer NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wms_inventory_snapshot_snapshot_date_warehouse_id_owner_id_pk" PRIMARY KEY("snapshot_date","warehouse_id","owner_id"),
	CONSTRAINT "wms_inventory_snapshot_qty_check" CHECK (qty >= 0 and lock_qty >= 0 and lock_qty <= qty and sku_count >= 0)
);
--> statement-breakpoint
CREATE INDEX "wms_inventory_snapshot_owner_idx" ON "wms_inventory_snapshot"
	USING btree ("owner_id","snapshot_date");