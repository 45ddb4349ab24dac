-- Allocation records onto the locations that hold their locks (issue 29 step 2, docs/locations.md "Location-directed
-- picking"). Before it a record of `wms_outbound_allocation` named only its inventory row, while step 1's ledger
-- had spread the locks over the row's location rows (pick sequence, then id). Hand-written data migration: it runs
-- after 0022, which adds the location_id column. Each record without a location is cut into one record per
-- location piece (same order, line, inventory row, date; the pieces sum to the record's qty):
-- - records of orders holding locks (allocated 2, picking 3, packed 4): per inventory row, the records' units in
--   record id order are laid over the lock not yet claimed on the row's location rows in pick sequence, then id
--   (a location row's lock_qty minus what records already placed there hold). Afterwards the records placed on a
--   location row hold at most its lock, so shipping or cancelling them by location always finds their units.
-- - records of shipped orders (5), for history: over the order's own shipping log lines (bizType 2, its number,
--   qty taken) per location, in log id order.
-- Units no location can take (only when records and locks disagree) stay on a record without a location, which
-- ship and cancel spread as step 1 did. Idempotent: a second run finds nothing left to place.
WITH "a" AS (
	SELECT x."id", x."inventory_id", x."qty",
		CASE WHEN o."status" = 5 THEN o."id" ELSE 0 END AS "k",
		sum(x."qty") OVER (PARTITION BY CASE WHEN o."status" = 5 THEN o."id" ELSE 0 END, x."inventory_id" ORDER BY x."id") - x."qty" AS "lo"
	FROM "wms_outbound_allocation" x JOIN "wms_outbound_order" o ON o."id" = x."order_id"
	WHERE x."location_id" IS NULL AND o."status" IN (2, 3, 4, 5)
), "held" AS (
	SELECT 0 AS "k", li."inventory_id", li."location_id", li."lock_qty" AS "qty", l."pick_sequence" AS "seq", li."id" AS "tie"
	FROM "wms_location_inventory" li JOIN "wms_location" l ON l."id" = li."location_id"
	WHERE li."lock_qty" > 0 AND li."inventory_id" IN (SELECT "inventory_id" FROM "a" WHERE "k" = 0)
	UNION ALL
	SELECT o."id", g."inventory_id", g."location_id", -sum(g."change_qty")::int, 0, min(g."id")
	FROM "wms_inventory_log" g JOIN "wms_outbound_order" o ON o."order_no" = g."biz_no"
	WHERE g."biz_type" = 2 AND g."change_qty" < 0 AND g."location_id" IS NOT NULL
		AND o."id" IN (SELECT "k" FROM "a" WHERE "k" > 0) AND g."inventory_id" IN (SELECT "inventory_id" FROM "a" WHERE "k" > 0)
	GROUP BY o."id", g."inventory_id", g."location_id"
), "free" AS (
	SELECT h."k", h."inventory_id", h."location_id", h."seq", h."tie",
		h."qty" - coalesce((SELECT sum(y."qty") FROM "wms_outbound_allocation" y JOIN "wms_outbound_order" yo ON yo."id" = y."order_id"
			WHERE y."inventory_id" = h."inventory_id" AND y."location_id" = h."location_id" AND yo."status" IN (2, 3, 4, 5)
				AND CASE WHEN yo."status" = 5 THEN yo."id" ELSE 0 END = h."k"), 0) AS "qty"
	FROM "held" h
), "l" AS (
	SELECT "k", "inventory_id", "location_id", "qty", sum("qty") OVER (PARTITION BY "k", "inventory_id" ORDER BY "seq", "tie") - "qty" AS "lo"
	FROM "free" WHERE "qty" > 0
), "cut" AS (
	SELECT a."id", l."location_id", least(a."lo" + a."qty", l."lo" + l."qty") - greatest(a."lo", l."lo") AS "qty", l."lo"
	FROM "a" JOIN "l" ON l."k" = a."k" AND l."inventory_id" = a."inventory_id" AND a."lo" < l."lo" + l."qty" AND l."lo" < a."lo" + a."qty"
), "p" AS (
	SELECT "id", "location_id", "qty", row_number() OVER (PARTITION BY "id" ORDER BY "lo") AS "n", sum("qty") OVER (PARTITION BY "id") AS "placed" FROM "cut"
), "more" AS (
	INSERT INTO "wms_outbound_allocation" ("order_id", "line_id", "inventory_id", "warehouse_id", "owner_id", "location_id", "qty", "add_date")
	SELECT x."order_id", x."line_id", x."inventory_id", x."warehouse_id", x."owner_id", p."location_id", p."qty", x."add_date"
	FROM "p" p JOIN "wms_outbound_allocation" x ON x."id" = p."id" WHERE p."n" > 1
	UNION ALL
	SELECT x."order_id", x."line_id", x."inventory_id", x."warehouse_id", x."owner_id", NULL, x."qty" - p."placed", x."add_date"
	FROM "p" p JOIN "wms_outbound_allocation" x ON x."id" = p."id" WHERE p."n" = 1 AND p."placed" < x."qty"
)
UPDATE "wms_outbound_allocation" x SET "location_id" = p."location_id", "qty" = p."qty", "update_date" = now()
	FROM "p" p WHERE x."id" = p."id" AND p."n" = 1;
