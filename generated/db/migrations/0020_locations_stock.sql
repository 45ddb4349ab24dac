-- Existing stock into each warehouse's RECEIVING location (issue 29, docs/locations.md): a RECEIVING zone and
-- location per warehouse, one location row per inventory row with its qty and lock_qty, and the inventory row's
-- log lines naming that location, so the ledger closes at both levels. Idempotent: each step skips what exists.
INSERT INTO "wms_warehouse_zone" ("warehouse_id", "code", "name")
	SELECT "id", 'RECEIVING', 'RECEIVING' FROM "wms_warehouse"
	ON CONFLICT ("warehouse_id", "code") DO NOTHING;--> statement-breakpoint
INSERT INTO "wms_location" ("warehouse_id", "zone_id", "code", "type", "pick_sequence")
	SELECT z."warehouse_id", z."id", 'RECEIVING', 1, 0 FROM "wms_warehouse_zone" z WHERE z."code" = 'RECEIVING'
	ON CONFLICT ("warehouse_id", "code") DO NOTHING;--> statement-breakpoint
INSERT INTO "wms_location_inventory" ("inventory_id", "location_id", "warehouse_id", "owner_id", "sku_id", "batch_no", "qty", "lock_qty")
	SELECT i."id", l."id", i."warehouse_id", i."owner_id", i."sku_id", i."batch_no", i."qty", i."lock_qty"
	FROM "wms_inventory" i JOIN "wms_location" l ON l."warehouse_id" = i."warehouse_id" AND l."code" = 'RECEIVING'
	WHERE NOT EXISTS (SELECT 1 FROM "wms_location_inventory" x WHERE x."inventory_id" = i."id");--> statement-breakpoint
UPDATE "wms_inventory_log" g SET "location_id" = l."id"
	FROM "wms_location" l
	WHERE g."location_id" IS NULL AND l."warehouse_id" = g."warehouse_id" AND l."code" = 'RECEIVING';
