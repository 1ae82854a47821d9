CREATE TABLE "login_attempts" (
	"mobile" varchar(10) PRIMARY KEY NOT NULL,
	"attempts" integer NOT NULL,
	"last_attempt_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "temp_token_mobiles" (
	"token_id" uuid NOT NULL,
	"mobile" varchar(10) NOT NULL,
	CONSTRAINT "temp_token_mobiles_token_id_mobile_pk" PRIMARY KEY("token_id","mobile")
);
--> statement-breakpoint
DROP TABLE "login_failures" CASCADE;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "registration_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD COLUMN "client_address" varchar(45);--> statement-breakpoint
ALTER TABLE "temp_token_mobiles" ADD CONSTRAINT "temp_token_mobiles_token_id_member_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."member_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "members_registration_expires_at_idx" ON "members" USING btree ("registration_expires_at") WHERE "members"."registration_expires_at" is not null;--> statement-breakpoint
CREATE INDEX "verification_codes_client_address_sent_at_idx" ON "verification_codes" USING btree ("client_address","sent_at");--> statement-breakpoint
CREATE INDEX "verification_codes_sent_at_idx" ON "verification_codes" USING btree ("sent_at");