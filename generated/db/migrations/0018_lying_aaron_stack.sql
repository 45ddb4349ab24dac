CREATE TABLE "sys_file_blob" (
	"id" uuid PRIMARY KEY NOT NULL,
	"key" varchar(300) NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"sha256" varchar(64),
	"done" boolean DEFAULT false NOT NULL,
	"add_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_file_chunk" (
	"blob_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "sys_file_chunk_blob_id_seq_pk" PRIMARY KEY("blob_id","seq")
);
--> statement-breakpoint
ALTER TABLE "sys_file_chunk"
	ADD CONSTRAINT "sys_file_chunk_blob_id_sys_file_blob_id_fk"
	FOREIGN KEY ("blob_id")
	REFERENCES "public"."sys_file_blob"("id")
	ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sys_file_blob_key_done_idx" ON "sys_file_blob"
	USING btree ("key") WHERE "sys_file_blob"."done";--> statement-breakpoint
CREATE INDEX "sys_file_blob_pending_idx" ON "sys_file_blob"
	USING btree ("add_date") WHERE not "sys_file_blob"."done";