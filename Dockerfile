# greatwar's web server: docker build -t greatwar . && docker run -p 8000:8000 -v gw:/data greatwar
# Settings by environment (GREATWAR_DB, GREATWAR_LOG_LEVEL, GREATWAR_LOG_FORMAT, ...: see
# "greatwar serve --help"); compose.yaml runs it with PostgreSQL.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

# The package with its web client (package data), and the PostgreSQL driver (binary wheels:
# no compiler or libpq needed in the image).
WORKDIR /src
COPY pyproject.toml README.md ./
COPY src ./src
RUN python -m pip install ".[postgres]" && rm -rf /src

# A user of its own; the embedded SQLite store (when GREATWAR_DB names no server) in /data.
RUN useradd --create-home --uid 10001 --shell /usr/sbin/nologin greatwar \
    && mkdir /data && chown greatwar:greatwar /data
USER greatwar
WORKDIR /home/greatwar
VOLUME /data

ENV GREATWAR_DB=/data/games.sqlite \
    GREATWAR_PORT=8000 \
    GREATWAR_LOG_FORMAT=json \
    GREATWAR_LOG_LEVEL=info
EXPOSE 8000

# /healthz answers while the process does (/readyz also asks the database).
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
    CMD python -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:${GREATWAR_PORT:-8000}/healthz', timeout=4)" || exit 1

# --host 0.0.0.0: reachable from outside the container (put TLS in front: a reverse proxy).
CMD ["greatwar", "serve", "--host", "0.0.0.0"]
