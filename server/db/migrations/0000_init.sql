CREATE TABLE "ec_members" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ec_members_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"phone" varchar(10) NOT NULL,
	"name" varchar(100),
	"email" varchar(254),
	"status" varchar(32) DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ec_members_phone_unique" UNIQUE("phone")
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "login_failures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"mobile" varchar(10) NOT NULL,
	"failed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"member_id" uuid NOT NULL,
	"kind" varchar(8) NOT NULL,
	"purpose" varchar(32),
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_tokens_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "member_tokens_kind_check" CHECK ("member_tokens"."kind" in ('member', 'temp'))
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mobile" varchar(10) NOT NULL,
	"name" varchar(50) NOT NULL,
	"password_hash" text NOT NULL,
	"gender" varchar(1),
	"email" varchar(254),
	"birthday" date,
	"is_verified" boolean DEFAULT false NOT NULL,
	"referral_code" varchar(16) NOT NULL,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "members_mobile_unique" UNIQUE("mobile"),
	CONSTRAINT "members_referral_code_unique" UNIQUE("referral_code"),
	CONSTRAINT "members_gender_check" CHECK ("members"."gender" in ('M', 'F', 'S'))
);
--> statement-breakpoint
ALTER TABLE "member_tokens" ADD CONSTRAINT "member_tokens_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_failures_mobile_failed_at_idx" ON "login_failures" USING btree ("mobile","failed_at");--> statement-breakpoint
CREATE INDEX "member_tokens_member_id_idx" ON "member_tokens" USING btree ("member_id");