CREATE TABLE "order_counts" (
	"status" text NOT NULL,
	"payment_status" text NOT NULL,
	"orders" integer NOT NULL,
	CONSTRAINT "order_counts_status_payment_status_pk" PRIMARY KEY("status","payment_status")
);
--> statement-breakpoint
CREATE TABLE "sales_day_categories" (
	"day" date NOT NULL,
	"category" text NOT NULL,
	"revenue" numeric NOT NULL,
	CONSTRAINT "sales_day_categories_day_category_pk" PRIMARY KEY("day","category")
);
--> statement-breakpoint
CREATE TABLE "sales_days" (
	"day" date PRIMARY KEY NOT NULL,
	"orders" integer NOT NULL,
	"revenue" numeric NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_month_customers" (
	"month" date NOT NULL,
	"user_id" text NOT NULL,
	"orders" integer NOT NULL,
	CONSTRAINT "sales_month_customers_month_user_id_pk" PRIMARY KEY("month","user_id")
);
--> statement-breakpoint
CREATE TABLE "sales_months" (
	"month" date PRIMARY KEY NOT NULL,
	"customers" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "orders_created_at_idx";--> statement-breakpoint
DROP INDEX "orders_user_idx";--> statement-breakpoint
DROP INDEX "orders_status_idx";--> statement-breakpoint
DROP INDEX "products_created_at_idx";--> statement-breakpoint
DROP INDEX "users_created_at_idx";--> statement-breakpoint
CREATE INDEX "orders_total_price_idx" ON "orders" USING btree ("total_price","id");--> statement-breakpoint
CREATE INDEX "orders_payment_status_idx" ON "orders" USING btree ("payment_status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_payment_status_idx" ON "orders" USING btree ("status","payment_status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_id_reversed_idx" ON "orders" USING btree (reverse("id") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "products_total_stock_idx" ON "products" USING btree ("total_stock","id");--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_fullname_idx" ON "users" USING btree ("fullname","id");--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree ("email","id");--> statement-breakpoint
CREATE INDEX "users_fullname_trgm_idx" ON "users" USING gin ("fullname" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_created_at_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "products_created_at_idx" ON "products" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at","id");