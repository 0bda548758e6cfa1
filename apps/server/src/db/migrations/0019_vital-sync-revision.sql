-- A member's vital-data revision, moved by every write to their vital data in the write's transaction: a server
-- process keeps each member's report stats until it moves (features/reports/report-memo.ts). A constant default:
-- PostgreSQL adds the column without rewriting the table.
ALTER TABLE "vital_sync" ADD COLUMN "revision" bigint DEFAULT 0 NOT NULL;
