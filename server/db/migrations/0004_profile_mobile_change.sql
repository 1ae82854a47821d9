CREATE TABLE "member_audit_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_audit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" uuid,
	"event_type" varchar(32) NOT NULL,
	"old_mobile" varchar(10),
	"new_mobile" varchar(10),
	"detail" jsonb,
	"client_address" varchar(64) NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pending_mobile_changes" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"new_mobile" varchar(10) NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_audit_events" ADD CONSTRAINT "member_audit_events_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_mobile_changes" ADD CONSTRAINT "pending_mobile_changes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_audit_events_member_id_occurred_at_idx" ON "member_audit_events" USING btree ("member_id","occurred_at");