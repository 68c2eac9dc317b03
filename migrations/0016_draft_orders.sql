-- An order staff save unfinished has the status 'draft': it holds no stock (stock_move_order reads it as
-- holding nothing) and counts in no sale until it is placed. Mirrors countsAsSale in src/domain.
CREATE OR REPLACE FUNCTION sales_counts(status text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT status NOT IN ('cancelled', 'draft') $$;
