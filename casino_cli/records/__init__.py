"""Game records: one reader (:mod:`.record`), one walk (:mod:`.referee`), several consumers."""
