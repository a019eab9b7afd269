"""The puzzle pages: a local web app (Starlette on uvicorn) whose server judges every action (docs/serve.md)."""
