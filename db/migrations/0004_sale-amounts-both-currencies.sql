ALTER TABLE "orders" ADD COLUMN "other_subtotal" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "other_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "preorders" ADD COLUMN "other_total" integer DEFAULT 0 NOT NULL;