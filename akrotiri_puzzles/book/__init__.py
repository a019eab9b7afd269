"""The puzzle book: print-ready HTML, and a PDF printed by headless Chromium (docs/book.md)."""
