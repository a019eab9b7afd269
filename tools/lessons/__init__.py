"""The lesson finders of tools/make_lessons.py: a finder per lesson, the misreadings as beliefs,
the search for positions where a misreading is punished, and the lessons' texts."""
