"""gunicorn settings for the web processes: `gunicorn -c gunicorn.conf.py hallucination.wsgi`.

Threads (gthread), so a request waiting with `Prefer: wait=N` holds one thread, not a whole
process; processes, one per core, for the CPU work, since threads of one process share one
interpreter lock. Every value can be overridden on the command line or by the environment
variables named here. docs/scaling.md has the measurements behind the defaults.
"""

import multiprocessing
import os

bind = os.environ.get("GUNICORN_BIND", "0.0.0.0:8000")
# The work is Python, bound by the interpreter lock: one process per core. More processes
# only add memory and database connections.
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count()))
# GUNICORN_WORKER_CLASS=sync is there to compare (bench/results/load-after-small-sync.json).
worker_class = os.environ.get("GUNICORN_WORKER_CLASS", "gthread")
# Threads per process: what holds the requests that wait (Prefer: wait, a slow client, the
# database). Each thread keeps a database connection of its own (DATABASE_CONN_MAX_AGE), so
# workers x threads is the connections this host opens; put PgBouncer in front beyond a few
# hundred.
threads = int(os.environ.get("GUNICORN_THREADS", "8"))
# Above HALLUCINATION_MAX_WAIT_SECONDS (30), so a request that waits the longest allowed is
# never killed for it.
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "60"))
graceful_timeout = 30
keepalive = 5
# Recycle a process now and then, so a slow leak cannot grow for ever; the jitter keeps all
# processes from restarting at once.
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", "20000"))
max_requests_jitter = 2000
accesslog = os.environ.get("GUNICORN_ACCESS_LOG", "-")
# Behind a TLS proxy on another host, list its address (FORWARDED_ALLOW_IPS) so the
# X-Forwarded-* headers it sets are believed.
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
