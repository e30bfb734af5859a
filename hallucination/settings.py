"""Settings, read from the environment; with nothing set: SQLite, tasks in-process, DEBUG on."""

import ipaddress
from datetime import timedelta
from pathlib import Path

import environ
from django.core.exceptions import ImproperlyConfigured
from kombu import Queue

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()


def env_secret(name: str, default: str | None = None) -> str | None:
    """Read a secret from NAME or from the file named by NAME_FILE (for container secrets)."""
    file_name = env.str(f"{name}_FILE", default="")
    if file_name:
        try:
            return Path(file_name).read_text().strip()
        except OSError as exc:
            raise ImproperlyConfigured(f"{name}_FILE={file_name!r} cannot be read: {exc}") from exc
    return env.str(name, default=default)


DEBUG = env.bool("DEBUG", default=True)

_DEV_SECRET_KEY = "insecure-development-key-only-for-the-embedded-default-never-in-production"
SECRET_KEY = env_secret("SECRET_KEY", default=None) or ""
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY (or SECRET_KEY_FILE) must be set when DEBUG is off.")
    SECRET_KEY = _DEV_SECRET_KEY


def env_positive_int(name: str, default: int) -> int:
    """An integer setting that must be at least 1; a bad value stops start-up, naming it."""
    value = env.int(name, default=default)
    if value < 1:
        raise ImproperlyConfigured(f"{name} must be at least 1 (got {value}).")
    return value


def env_networks(name: str, default: list[str]) -> list[str]:
    """A comma-separated list of IP networks; an entry that is not one stops start-up."""
    networks = env.list(name, default=default)
    for network in networks:
        try:
            ipaddress.ip_network(network, strict=False)
        except ValueError:
            raise ImproperlyConfigured(f"{name}: {network!r} is not an IP network.") from None
    return networks


ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework_api_key",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "axes",
    "csp",
    "audit",
    "hallucination",
    "reviews",
    "verification",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "audit.tracing.TraceIdMiddleware",
    "hallucination.api.errors.NulByteGuardMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    # Last, so a locked-out login answers before the view runs (django-axes).
    "axes.middleware.AxesMiddleware",
]

# django-axes counts failed logins; its backend goes first so a locked-out user is refused
# before any password is checked.
AUTHENTICATION_BACKENDS = [
    "reviews.accounts.LoginThrottleBackend",
    "django.contrib.auth.backends.ModelBackend",
]

ROOT_URLCONF = "hallucination.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "hallucination.wsgi.application"
ASGI_APPLICATION = "hallucination.asgi.application"

# The embedded default keeps its SQLite file under var/ so a clean checkout stays clean.
(BASE_DIR / "var").mkdir(exist_ok=True)
DATABASES = {
    "default": env.db_url("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'var' / 'db.sqlite3'}"),
}
# Persistent connections (checked before reuse) for web processes and workers alike.
DATABASES["default"].setdefault("CONN_MAX_AGE", env.int("DATABASE_CONN_MAX_AGE", default=60))
DATABASES["default"].setdefault("CONN_HEALTH_CHECKS", True)
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Django's backend, whose health check skips the `SELECT 1` before a request or task
    # while the connection was used moments ago and its server has said nothing since
    # (hallucination/backends/postgresql/base.py says why that is safe).
    DATABASES["default"]["ENGINE"] = "hallucination.backends.postgresql"
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Workers and the web process share one file in the embedded default; wait for the lock.
    DATABASES["default"].setdefault("OPTIONS", {}).setdefault("timeout", 20)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Throttle counters must be shared by every web process: use Redis in production.
CACHES = {"default": env.cache_url("CACHE_URL", default="locmemcache://")}
if CACHES["default"]["BACKEND"] == "django.core.cache.backends.redis.RedisCache":
    # The same cache, keeping its Redis client instead of building one per call.
    CACHES["default"]["BACKEND"] = "hallucination.backends.cache.RedisCache"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "login"

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = env.path("STATIC_ROOT", default=BASE_DIR / "var" / "static")
Path(STATIC_ROOT).mkdir(parents=True, exist_ok=True)
STATICFILES_DIRS = [BASE_DIR / "static"]
# Serve straight from the app folders too, so no collectstatic step is needed to run.
WHITENOISE_USE_FINDERS = env.bool("WHITENOISE_USE_FINDERS", default=True)

# Request size: Django's own limit, enforced by DRF on JSON bodies (DRF >= 3.17.2).
DATA_UPLOAD_MAX_MEMORY_SIZE = env.int("DATA_UPLOAD_MAX_MEMORY_SIZE", default=2 * 1024 * 1024)

# --- Security. Secure by default whenever DEBUG is off; each can be overridden. ---
SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=not DEBUG)
SESSION_COOKIE_SECURE = env.bool("SESSION_COOKIE_SECURE", default=not DEBUG)
CSRF_COOKIE_SECURE = env.bool("CSRF_COOKIE_SECURE", default=not DEBUG)
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=0 if DEBUG else 31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=not DEBUG)
SECURE_HSTS_PRELOAD = env.bool("SECURE_HSTS_PRELOAD", default=not DEBUG)
SECURE_PROXY_SSL_HEADER = (
    ("HTTP_X_FORWARDED_PROTO", "https") if env.bool("SECURE_PROXY_SSL", default=False) else None
)
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_AGE = env.int("SESSION_COOKIE_AGE", default=8 * 3600)

# --- Celery. No broker configured means tasks run eagerly, in-process. ---
CELERY_BROKER_URL = env.str("CELERY_BROKER_URL", default="")
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
if CELERY_BROKER_URL.startswith("redis://"):
    # Kombu's Redis transport, keeping its Redis client between messages.
    CELERY_BROKER_TRANSPORT = "hallucination.backends.broker:Transport"
CELERY_TASK_EAGER_PROPAGATES = False
CELERY_RESULT_BACKEND = None
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
# A worker acknowledges a task only when it finished, and takes one at a time, so a killed
# worker's task is delivered again; the database lease stops two deliveries from both running.
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
# One message reserved per process at a time. With late acks a prefetched message waits
# behind the one running; under a backlog the workers take waiting queries along in batches
# from the database anyway (hallucination.tasks), so a deeper prefetch buys nothing and
# would hold messages away from an idle worker.
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Work of different shapes on queues of its own, so one kind cannot starve another:
# detection is CPU (a process per core is all it can use); external verification and
# deliveries mostly wait on other servers (many at once per process, --pool threads). A
# worker started without -Q consumes every queue listed here, which is what the embedded
# set-up, the tests and a one-host deployment need; docs/operations.md shows split pools.
CELERY_TASK_DEFAULT_QUEUE = "celery"
CELERY_TASK_QUEUES = [Queue(name) for name in ("detection", "verification", "delivery", "celery")]
CELERY_TASK_ROUTES = {
    "hallucination.detect": {"queue": "detection"},
    "hallucination.detect_batch": {"queue": "detection"},
    "verification.verify_query": {"queue": "verification"},
    "hallucination.deliver_webhook": {"queue": "delivery"},
    "hallucination.send_notification": {"queue": "delivery"},
    "hallucination.sweep_deliveries": {"queue": "delivery"},
    # The sweeper (hallucination.requeue_stalled) and audit.checkpoint stay on "celery".
}
# Celery's Django fixup closes the database connection before and after every task unless
# this is set, so each task paid a new PostgreSQL connection (a server process forked, auth,
# catalog caches cold). With it, the fixup leaves connections alone and the task signals in
# hallucination/celery.py apply DATABASE_CONN_MAX_AGE and drop broken connections, as Django
# does around a request.
CELERY_DB_REUSE_MAX = env.int("CELERY_DB_REUSE_MAX", default=1000)
CELERY_TASK_SOFT_TIME_LIMIT = env.int("CELERY_TASK_SOFT_TIME_LIMIT", default=60)
CELERY_TASK_TIME_LIMIT = env.int("CELERY_TASK_TIME_LIMIT", default=90)
# Redis redelivers unacknowledged tasks after the visibility timeout: keep it above the hard limit.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": env.int("CELERY_VISIBILITY_TIMEOUT", default=3600),
    "socket_connect_timeout": 2,
    "socket_timeout": 5,
}
# Without these an enqueue hangs for as long as the broker is down.
CELERY_BROKER_CONNECTION_TIMEOUT = 2
# A publish retries once, briefly, then gives up: the 202 stands and the sweeper re-enqueues.
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 1,
    "interval_start": 0.1,
    "interval_step": 0.1,
    "interval_max": 0.2,
}
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Workers and beat reconnect for as long as the broker is down (0 means forever); a bounded
# count made every worker exit during an outage longer than a few seconds.
CELERY_BROKER_CONNECTION_MAX_RETRIES = (
    env.int("CELERY_BROKER_CONNECTION_MAX_RETRIES", default=0) or None
)
CELERY_BEAT_SCHEDULE = {
    "requeue-stalled-queries": {
        "task": "hallucination.requeue_stalled",
        "schedule": env.int("HALLUCINATION_SWEEP_SECONDS", default=60),
    },
}

# --- REST framework ---
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "hallucination.api.authentication.ClientAPIKeyAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": [
        "hallucination.api.parsers.BoundedJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "EXCEPTION_HANDLER": "hallucination.api.errors.exception_handler",
    "DEFAULT_THROTTLE_CLASSES": ["hallucination.api.throttling.ClientRateThrottle"],
    "DEFAULT_THROTTLE_RATES": {"client": env.str("API_THROTTLE_RATE", default="3000/min")},
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
}
if DEBUG:
    REST_FRAMEWORK["DEFAULT_RENDERER_CLASSES"].append(
        "rest_framework.renderers.BrowsableAPIRenderer"
    )

SPECTACULAR_SETTINGS = {
    "TITLE": "Numeric hallucination review API",
    "DESCRIPTION": "Submit LLM answers with their sources; read claims, verdicts, reviews and audit.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    "ENUM_NAME_OVERRIDES": {
        "QueryStatusEnum": "hallucination.models.Query.Status",
        "ReviewStatusEnum": "reviews.models.Review.Status",
        "ConsistencyStatusEnum": "hallucination.engine.types.CONSISTENCY_STATUSES",
    },
}

# --- The detector. Tolerances are relative, in percent, with seed 001's variable names. ---
_PROFILES = {
    # Rounding-aware matching plus at most 1%: EPS $0.81 against $0.78 (3.8%) is caught.
    "strict": {"currency": 1.0, "percentage": 1.0, "ratio": 1.0, "date_days": 0},
    # Seed 001's published tolerances, for teams that want them.
    "lenient": {"currency": 5.0, "percentage": 2.0, "ratio": 5.0, "date_days": 0},
}
HALLUCINATION_PROFILE = env.str("HALLUCINATION_PROFILE", default="strict")
if HALLUCINATION_PROFILE not in _PROFILES:
    raise ImproperlyConfigured(
        f"HALLUCINATION_PROFILE={HALLUCINATION_PROFILE!r}: choose one of {sorted(_PROFILES)}."
    )
_profile = _PROFILES[HALLUCINATION_PROFILE]


def _non_negative(name: str, value: float) -> float:
    if value < 0:
        raise ImproperlyConfigured(f"{name} must not be negative (got {value}).")
    return value


def _fraction(name: str, value: float) -> float:
    if not 0 < value <= 1:
        raise ImproperlyConfigured(
            f"{name} must be a fraction above 0 and at most 1, such as 0.8 (got {value})."
        )
    return value


HALLUCINATION = {
    "PROFILE": HALLUCINATION_PROFILE,
    "CURRENCY_TOLERANCE": _non_negative(
        "HALLUCINATION_CURRENCY_TOLERANCE",
        env.float("HALLUCINATION_CURRENCY_TOLERANCE", default=_profile["currency"]),
    ),
    "PERCENTAGE_TOLERANCE": _non_negative(
        "HALLUCINATION_PERCENTAGE_TOLERANCE",
        env.float("HALLUCINATION_PERCENTAGE_TOLERANCE", default=_profile["percentage"]),
    ),
    "RATIO_TOLERANCE": _non_negative(
        "HALLUCINATION_RATIO_TOLERANCE",
        env.float("HALLUCINATION_RATIO_TOLERANCE", default=_profile["ratio"]),
    ),
    "DATE_TOLERANCE_DAYS": int(
        _non_negative(
            "HALLUCINATION_DATE_TOLERANCE_DAYS",
            env.int("HALLUCINATION_DATE_TOLERANCE_DAYS", default=_profile["date_days"]),
        )
    ),
    "CONFIDENCE_PENALTY": _non_negative(
        "HALLUCINATION_CONFIDENCE_PENALTY",
        env.float("HALLUCINATION_CONFIDENCE_PENALTY", default=20.0),
    ),
    "CONSISTENCY_THRESHOLD": _non_negative(
        "HALLUCINATION_CONSISTENCY_THRESHOLD",
        env.float("HALLUCINATION_CONSISTENCY_THRESHOLD", default=1.0),
    ),
    # Categorical labels across samples (long / short / none): the majority's share of the
    # votes must reach this fraction (seed 003's minimum-quorum gate).
    "LABEL_QUORUM": _fraction(
        "HALLUCINATION_LABEL_QUORUM", env.float("HALLUCINATION_LABEL_QUORUM", default=0.8)
    ),
    # Free-form prose across samples: mean pairwise similarity below this is inconsistent
    # (calibrated for the model requirements/embeddings.txt installs; docs/detection.md).
    # The check runs only with the optional model of requirements/embeddings.txt installed
    # (and PROSE_EMBEDDINGS on); otherwise results report it "not checked".
    "PROSE_SIMILARITY": _fraction(
        "HALLUCINATION_PROSE_SIMILARITY", env.float("HALLUCINATION_PROSE_SIMILARITY", default=0.9)
    ),
    "PROSE_EMBEDDINGS": env.bool("HALLUCINATION_PROSE_EMBEDDINGS", default=True),
    "TARGET_TIME_MS": env.int("HALLUCINATION_TARGET_TIME_MS", default=100),
    "TARGET_RATE": env.float("HALLUCINATION_TARGET_RATE", default=0.05),
    "VERIFY_CURRENCY": env.bool("HALLUCINATION_VERIFY_CURRENCY", default=True),
    "VERIFY_PERCENTAGES": env.bool("HALLUCINATION_VERIFY_PERCENTAGES", default=True),
    "VERIFY_DATES": env.bool("HALLUCINATION_VERIFY_DATES", default=True),
    "VERIFY_RATIOS": env.bool("HALLUCINATION_VERIFY_RATIOS", default=True),
    "AUTO_FLAG": env.bool("HALLUCINATION_AUTO_FLAG", default=True),
    "REVIEW_QUEUE": env.bool("HALLUCINATION_REVIEW_QUEUE", default=True),
    "GATE_STANDARD": env.float("HALLUCINATION_GATE_STANDARD", default=0.7),
    "GATE_AUDIT": env.float("HALLUCINATION_GATE_AUDIT", default=0.9),
    # Submission limits: every one is answered with a 400 naming the field.
    "MAX_ANSWER_CHARS": env.int("HALLUCINATION_MAX_ANSWER_CHARS", default=20_000),
    "MAX_QUESTION_CHARS": env.int("HALLUCINATION_MAX_QUESTION_CHARS", default=4_000),
    "MAX_SOURCES": env.int("HALLUCINATION_MAX_SOURCES", default=20),
    "MAX_SOURCE_CHARS": env.int("HALLUCINATION_MAX_SOURCE_CHARS", default=200_000),
    "MAX_SAMPLES": env.int("HALLUCINATION_MAX_SAMPLES", default=10),
    "MAX_WAIT_SECONDS": env.int("HALLUCINATION_MAX_WAIT_SECONDS", default=30),
    # A worker holding a query longer than this is presumed dead; the sweeper re-enqueues it.
    "LEASE_SECONDS": env.int("HALLUCINATION_LEASE_SECONDS", default=120),
    # The sweeper re-enqueues a query still `received` this long after it was saved (its
    # enqueue was lost to a broker outage); shorter only wakes queued queries a second time.
    "REQUEUE_AFTER_SECONDS": env.int("HALLUCINATION_REQUEUE_AFTER_SECONDS", default=30),
    "MAX_ATTEMPTS": env.int("HALLUCINATION_MAX_ATTEMPTS", default=3),
}

# --- External verification (verification/conf.py holds the defaults and documents each key).
VERIFICATION = {
    # Claims that go to the external layer: all claims of these stakes, and claims still
    # ungrounded after the deterministic layers.
    "STAKES": env.list("VERIFICATION_STAKES", default=["high", "audit"]),
    "UNGROUNDED_CLAIMS": env.bool("VERIFICATION_UNGROUNDED_CLAIMS", default=True),
    "VERIFIERS": env.list(
        "VERIFICATION_VERIFIERS", default=["recompute", "source_fetch", "market_data"]
    ),
    "TASK_MAX_RETRIES": env.int("VERIFICATION_TASK_MAX_RETRIES", default=3),
    "TASK_SOFT_TIME_LIMIT": env.int("VERIFICATION_TASK_SOFT_TIME_LIMIT", default=120),
    "TASK_TIME_LIMIT": env.int("VERIFICATION_TASK_TIME_LIMIT", default=150),
    # Outbound requests: nothing is fetched until hosts are allow-listed.
    "ALLOWED_HOSTS": env.list("VERIFICATION_ALLOWED_HOSTS", default=[]),
    "ALLOWED_PORTS": env.list("VERIFICATION_ALLOWED_PORTS", cast=int, default=[80, 443]),
    "ALLOWED_PRIVATE_NETWORKS": env.list("VERIFICATION_ALLOWED_PRIVATE_NETWORKS", default=[]),
    "CONNECT_TIMEOUT": env.float("VERIFICATION_CONNECT_TIMEOUT", default=3.0),
    "READ_TIMEOUT": env.float("VERIFICATION_READ_TIMEOUT", default=10.0),
    "TOTAL_TIMEOUT": env.float("VERIFICATION_TOTAL_TIMEOUT", default=30.0),
    "MAX_RESPONSE_BYTES": env.int("VERIFICATION_MAX_RESPONSE_BYTES", default=5 * 1024 * 1024),
    "MAX_REDIRECTS": env.int("VERIFICATION_MAX_REDIRECTS", default=3),
    "MARKET_DATA_ENDPOINT": env.str("VERIFICATION_MARKET_DATA_ENDPOINT", default=""),
    "MARKET_DATA_FIELDS": env.json("VERIFICATION_MARKET_DATA_FIELDS", default={}),
    "MARKET_DATA_API_KEY": env_secret("VERIFICATION_MARKET_DATA_API_KEY", default="") or "",
    "MARKET_DATA_API_KEY_HEADER": env.str(
        "VERIFICATION_MARKET_DATA_API_KEY_HEADER", default="Authorization"
    ),
    "MARKET_DATA_TOLERANCE": env.float("VERIFICATION_MARKET_DATA_TOLERANCE", default=0.5),
}

# --- Audit ---
# Checkpoints are signed with a key that lives outside the database.
AUDIT_CHECKPOINT_KEY = env_secret("AUDIT_CHECKPOINT_KEY", default="") or ""
# How many hash chains the audit log spreads traces over. Writers of different chains do not
# wait for one another, so on PostgreSQL more chains means more appends a second from many
# processes (docs/audit.md, "Throughput"). One chain suits SQLite, which has one writer anyway.
# Chains are never removed: lowering the number only stops new traces from entering the rest.
AUDIT_CHAINS = env_positive_int("AUDIT_CHAINS", 1)
if AUDIT_CHAINS > 1024:
    raise ImproperlyConfigured(f"AUDIT_CHAINS must be at most 1024, not {AUDIT_CHAINS}.")

# Every log line carries the trace ID. LOG_FORMAT=json writes one JSON object a line (the
# default with DEBUG off, for log shippers); plain is for people reading a terminal.
LOG_FORMAT = env.str("LOG_FORMAT", default="plain" if DEBUG else "json")
if LOG_FORMAT not in ("plain", "json"):
    raise ImproperlyConfigured(f"LOG_FORMAT={LOG_FORMAT!r}: choose 'plain' or 'json'.")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        "request_trace_id": {"()": "hallucination.log_filters.RequestTraceIdFilter"},
        "trace_id": {"()": "audit.tracing.TraceIdLogFilter"},
    },
    "formatters": {
        "plain": {"format": "%(asctime)s %(levelname)s %(name)s trace=%(trace_id)s %(message)s"},
        # python-json-logger: the same keys as the worker's lines (audit.tracing), plus any
        # `extra={...}` a call passes, as fields of their own.
        "json": {
            "()": "pythonjsonlogger.json.JsonFormatter",
            "fmt": "%(levelname)s %(name)s %(trace_id)s %(message)s",
            "rename_fields": {"levelname": "level", "name": "logger", "exc_info": "exception"},
            "timestamp": "time",
        },
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "formatter": LOG_FORMAT,
            "filters": ["request_trace_id", "trace_id"],
        },
    },
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="INFO")},
    "loggers": {
        "django.db.backends": {"level": "WARNING"},
        # Django's own console handler would print a second, unformatted copy of its lines.
        "django": {"handlers": [], "level": "INFO", "propagate": True},
    },
}

EMAIL_BACKEND = env.str("EMAIL_BACKEND", default="django.core.mail.backends.console.EmailBackend")

if env.bool("TESTING", default=False):
    PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# --- Integrations: result webhooks, escalation notices, metrics (docs/operations.md). ---
WEBHOOKS = {
    # Signs every callback (HMAC-SHA256 over "timestamp.body"); receivers hold the same secret.
    "SIGNING_SECRET": env_secret("WEBHOOK_SIGNING_SECRET", default="") or "",
    # Callback URLs are the client's choice: any public host, through the outbound guard.
    "ALLOWED_HOSTS": env.list("WEBHOOK_ALLOWED_HOSTS", default=["*"]),
    "MAX_ATTEMPTS": env.int("WEBHOOK_MAX_ATTEMPTS", default=5),
    "BACKOFF_SECONDS": env.int("WEBHOOK_BACKOFF_SECONDS", default=10),
    "BACKOFF_MAX_SECONDS": env.int("WEBHOOK_BACKOFF_MAX_SECONDS", default=900),
    "TIMEOUT": env.float("WEBHOOK_TIMEOUT", default=10.0),
}
# Without a secret in production callbacks are not sent at all (each delivery fails, saying
# why): an unsigned result is one a receiver cannot tell from a forgery.
if not WEBHOOKS["SIGNING_SECRET"] and DEBUG:
    WEBHOOKS["SIGNING_SECRET"] = "insecure-development-webhook-secret"
if WEBHOOKS["MAX_ATTEMPTS"] < 1:
    raise ImproperlyConfigured("WEBHOOK_MAX_ATTEMPTS must be at least 1.")

ESCALATION = {
    # The on-call reviewers; empty means every active reviewer with an email address.
    "EMAILS": env.list("ESCALATION_EMAILS", default=[]),
    "CHAT_WEBHOOK_URL": env_secret("ESCALATION_CHAT_WEBHOOK_URL", default="") or "",
    "FROM_EMAIL": env.str("ESCALATION_FROM_EMAIL", default="hallucination-review@localhost"),
    # Links in notices point here: the address reviewers open the site at.
    "SITE_URL": env.str("SITE_URL", default="http://127.0.0.1:8000").rstrip("/"),
}

METRICS = {
    # Who may scrape /metrics: these networks, or anyone presenting the bearer token.
    "ALLOWED_NETWORKS": env.list("METRICS_ALLOWED_NETWORKS", default=["127.0.0.1/32", "::1/128"]),
    "TOKEN": env_secret("METRICS_TOKEN", default="") or "",
}

# --- Abuse controls and hardening (docs/security.md). ---
# Password guessing: django-axes locks a username at one address after this many failures.
AXES_FAILURE_LIMIT = env_positive_int("LOGIN_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = timedelta(minutes=env_positive_int("LOGIN_LOCKOUT_MINUTES", 30))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_HTTP_RESPONSE_CODE = 429
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
# The address is REMOTE_ADDR: behind a proxy, the proxy must set it (e.g. gunicorn's
# --forwarded-allow-ips), never a header the client controls.
AXES_IPWARE_META_PRECEDENCE_ORDER = ["REMOTE_ADDR"]
AXES_VERBOSE = False
# Lockouts are listed and lifted in reviews/admin.py, which audits each unlock.
AXES_ENABLE_ADMIN = False

# Unknown, revoked or expired API keys: at most this many a minute from one address (429).
API_BAD_KEY_LIMIT = env_positive_int("API_BAD_KEY_LIMIT", 20)
API_BAD_KEY_WINDOW_SECONDS = env_positive_int("API_BAD_KEY_WINDOW_SECONDS", 60)

# Which stakes a new client key may submit at; `audit` pages the on-call reviewers, so it is
# granted per key (create_api_key --stakes).
API_KEY_DEFAULT_STAKES = env.list("API_KEY_DEFAULT_STAKES", default=["standard", "high"])
for _stakes in API_KEY_DEFAULT_STAKES:
    if _stakes not in ("standard", "high", "audit"):
        raise ImproperlyConfigured(f"API_KEY_DEFAULT_STAKES: unknown stakes {_stakes!r}.")

# Escalation notices: at most this many messages per recipient per window; the rest wait and
# go out together as one digest.
ESCALATION["MAX_PER_WINDOW"] = env_positive_int("ESCALATION_MAX_PER_WINDOW", 5)
ESCALATION["WINDOW_SECONDS"] = env_positive_int("ESCALATION_WINDOW_SECONDS", 3600)

# Deliveries still pending this long after they were due lost their task: the sweep resends.
WEBHOOKS["SWEEP_AFTER_SECONDS"] = env_positive_int("WEBHOOK_SWEEP_AFTER_SECONDS", 120)
# During a secret rotation both secrets sign, for this long (Standard Webhooks).
WEBHOOKS["ROTATION_OVERLAP_SECONDS"] = env_positive_int("WEBHOOK_ROTATION_OVERLAP_SECONDS", 86400)

# /metrics behind a reverse proxy: forwarded headers are believed only from these addresses.
METRICS["TRUSTED_PROXIES"] = env_networks("METRICS_TRUSTED_PROXIES", [])
METRICS["ALLOWED_NETWORKS"] = env_networks("METRICS_ALLOWED_NETWORKS", METRICS["ALLOWED_NETWORKS"])

# Audit anchoring: signed checkpoints go to this storage (a directory by default; any Django
# storage backend, such as django-storages' S3Storage, through AUDIT_CHECKPOINT_STORAGE).
AUDIT_CHECKPOINT_DIR = env.path("AUDIT_CHECKPOINT_DIR", default=BASE_DIR / "var" / "checkpoints")
AUDIT_CHECKPOINT_INTERVAL_SECONDS = env_positive_int("AUDIT_CHECKPOINT_INTERVAL_SECONDS", 3600)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    "audit_checkpoints": {
        "BACKEND": env.str(
            "AUDIT_CHECKPOINT_STORAGE", default="django.core.files.storage.FileSystemStorage"
        ),
        "OPTIONS": env.json(
            "AUDIT_CHECKPOINT_STORAGE_OPTIONS", default={"location": str(AUDIT_CHECKPOINT_DIR)}
        ),
    },
}
CELERY_BEAT_SCHEDULE["sweep-deliveries"] = {
    "task": "hallucination.sweep_deliveries",
    "schedule": env_positive_int("WEBHOOK_SWEEP_SECONDS", 60),
}
CELERY_BEAT_SCHEDULE["audit-checkpoint"] = {
    "task": "audit.checkpoint",
    "schedule": AUDIT_CHECKPOINT_INTERVAL_SECONDS,
}
# The sweeper re-enqueues a query at most this many times, then marks it failed and says so.
HALLUCINATION["MAX_REQUEUES"] = env_positive_int("HALLUCINATION_MAX_REQUEUES", 5)
# At most this many numbers in one answer (each is a claim to ground): a 400 beyond it.
HALLUCINATION["MAX_CLAIMS"] = env_positive_int("HALLUCINATION_MAX_CLAIMS", 500)
# All sources of one submission together.
HALLUCINATION["MAX_TOTAL_SOURCE_CHARS"] = env_positive_int(
    "HALLUCINATION_MAX_TOTAL_SOURCE_CHARS", 1_000_000
)
# Answers in one POST /api/v1/queries/batch: a 413 beyond it, nothing saved. The body stays
# under DATA_UPLOAD_MAX_MEMORY_SIZE (2 MB) too, which large sources reach first.
HALLUCINATION["BATCH_MAX_ITEMS"] = env_positive_int("HALLUCINATION_BATCH_MAX_ITEMS", 100)
# A batch's answers are detected this many to a task: few statements per answer, and a big
# batch still spreads over the workers.
HALLUCINATION["DETECT_CHUNK"] = env_positive_int("HALLUCINATION_DETECT_CHUNK", 50)
# A submission sent with `Prefer: wait` is detected in the web process when its answer and
# sources together hold at most this many characters (and it has no samples): the engine
# needs about a millisecond for a few hundred, against a broker round trip and a worker's
# second transaction. Larger ones, whose cost grows with the sources, go to the workers.
HALLUCINATION["INLINE_MAX_CHARS"] = env.int("HALLUCINATION_INLINE_MAX_CHARS", default=4_000)
# JSON bodies nested deeper than this are refused before parsing finishes.
API_MAX_JSON_DEPTH = env_positive_int("API_MAX_JSON_DEPTH", 32)
# A database outage asks API clients to come back after this many seconds.
DATABASE_RETRY_AFTER_SECONDS = env_positive_int("DATABASE_RETRY_AFTER_SECONDS", 30)

# Content-Security-Policy (django-csp): scripts and styles from this site only, no inline code.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        # Style attributes carry no code; the reports page sets CSS variables with them.
        "style-src-attr": ["'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    },
}
