CREATE TABLE "sys_file_export" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" varchar(30) NOT NULL,
	"user_id" integer NOT NULL,
	"query" jsonb NOT NULL,
	"scope" jsonb NOT NULL,
	"lang" varchar(5) NOT NULL,
	"tz_hours" integer DEFAULT 0 NOT NULL,
	"status" integer NOT NULL,
	"file_path" varchar(300),
	"total_rows" integer DEFAULT 0 NOT NULL,
	"message" varchar(500),
	"worker" varchar(36),
	"heartbeat_at" timestamp with time zone,
	"add_date" timestamp with time zone DEFAULT now() NOT NULL,
	"finish_date" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "sys_file_export_status_heartbeat_idx" ON "sys_file_export"
	USING btree ("status","heartbeat_at");--> statement-breakpoint
CREATE INDEX "sys_file_export_user_idx" ON "sys_file_export" USING btree ("user_id");