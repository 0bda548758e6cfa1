-- The access audit grows with every read of a member's data (an entity-wide report writes a row per member), so it is
-- analyzed often; its analyze reads a sample of 300 rows per unit of the statistics target (30,000 at the default 100)
-- from all over the table, which on PGlite runs on the server's one thread: 190-220 ms at 550,000 rows, 500-800 ms
-- in the fleet bench. Its searches (a person, a staff member, an entity, a period) are index ranges that need no
-- finer statistics: a target of 10 reads 3,000 rows (40 ms; docs/decisions.md "Autovacuum on PGlite").
DO $$
DECLARE c text;
BEGIN
  FOR c IN SELECT attname FROM pg_attribute
    WHERE attrelid = 'access_audit'::regclass AND attnum > 0 AND NOT attisdropped
  LOOP
    EXECUTE format('ALTER TABLE "access_audit" ALTER COLUMN %I SET STATISTICS 10', c);
  END LOOP;
END $$;
