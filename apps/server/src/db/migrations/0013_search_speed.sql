-- Search speed (decision 0015): filled in by the search-speed work; a no-op until then.
SELECT 1;
