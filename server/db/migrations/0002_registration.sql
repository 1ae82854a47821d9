CREATE TABLE "brands" (
	"brand_id" varchar(32) PRIMARY KEY NOT NULL,
	"title" varchar(100) NOT NULL,
	"feature_image_small" varchar(500) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "copywriting" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"coupon_id" varchar(32) PRIMARY KEY NOT NULL,
	"brand_ids" text[] DEFAULT '{}' NOT NULL,
	"title" varchar(100) NOT NULL,
	"feature_image" varchar(500) NOT NULL,
	"duration_days" integer NOT NULL,
	"total" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "missions" (
	"task_type" varchar(32) PRIMARY KEY NOT NULL,
	"title" varchar(100) NOT NULL,
	"description" text NOT NULL,
	"reward_info" jsonb NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "points" (
	"point_id" varchar(32) PRIMARY KEY NOT NULL,
	"title" varchar(100) NOT NULL,
	"feature_image" varchar(500) NOT NULL,
	"description" text NOT NULL,
	"circulate_ends_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "terms" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"type" varchar(32) NOT NULL,
	"title" varchar(100) NOT NULL,
	"content" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"referee_id" uuid PRIMARY KEY NOT NULL,
	"referrer_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "referrals_not_self_check" CHECK ("referrals"."referee_id" <> "referrals"."referrer_id")
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sms_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"recipient" varchar(20) NOT NULL,
	"text" text NOT NULL,
	"purpose" varchar(32) NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mobile" varchar(10) NOT NULL,
	"purpose" varchar(32) NOT NULL,
	"code_hash" text NOT NULL,
	"wrong_attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "verification_codes_purpose_check" CHECK ("verification_codes"."purpose" in ('register', 'forgot_password', 'member_verification', 'mobile_change'))
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "third_party_crm_data" jsonb;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referee_id_members_id_fk" FOREIGN KEY ("referee_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_members_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "terms_type_position_idx" ON "terms" USING btree ("type","position");--> statement-breakpoint
CREATE INDEX "referrals_referrer_id_idx" ON "referrals" USING btree ("referrer_id");--> statement-breakpoint
CREATE INDEX "sms_outbox_sent_at_idx" ON "sms_outbox" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_recipient_idx" ON "sms_outbox" USING btree ("recipient");--> statement-breakpoint
CREATE INDEX "verification_codes_mobile_purpose_sent_at_idx" ON "verification_codes" USING btree ("mobile","purpose","sent_at");