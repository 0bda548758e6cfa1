-- An entity-wide report over a window starting inside a packed day (every window of more than a week, in any zone
-- whose midnight is not UTC's) reads that day's hours for all its members: one range of (measure, day) instead of
-- one primary-key probe per member (bench/README.md, "The staff report at 1,000 x 365 again").
CREATE INDEX "vital_hour_days_measure_day_idx" ON "vital_hour_days" USING btree ("measure","day");