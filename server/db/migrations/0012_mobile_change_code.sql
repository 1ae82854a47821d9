ALTER TABLE "pending_mobile_changes" ADD COLUMN "code_id" uuid;--> statement-breakpoint
ALTER TABLE "pending_mobile_changes" ADD CONSTRAINT "pending_mobile_changes_code_id_verification_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."verification_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pending_mobile_changes_code_id_idx" ON "pending_mobile_changes" USING btree ("code_id");--> statement-breakpoint
-- A request waiting when this runs keeps the newest code sent to its mobile since it was asked for,
-- the code that confirmed it until now.
UPDATE "pending_mobile_changes" AS "p" SET "code_id" = (
  SELECT "v"."id" FROM "verification_codes" AS "v"
  WHERE "v"."mobile" = "p"."new_mobile" AND "v"."purpose" = 'mobile_change' AND "v"."sent_at" >= "p"."requested_at"
  ORDER BY "v"."sent_at" DESC LIMIT 1
);
