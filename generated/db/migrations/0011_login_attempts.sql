CREATE TABLE "sys_login_attempt" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_name" varchar(100) NOT NULL,
	"ip" varchar(64) NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" varchar(12) NOT NULL,
	"locked_until" timestamp with time zone,
	"by_user_id" integer
);
--> statement-breakpoint
CREATE INDEX "sys_login_attempt_user_idx" ON "sys_login_attempt"
	USING btree ("user_name","at");--> statement-breakpoint
CREATE INDEX "sys_login_attempt_ip_idx" ON "sys_login_attempt" USING btree ("ip","at");