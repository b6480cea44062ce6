"""The exporter's --web.config.file: TLS and basic auth, in the format of
Prometheus' own exporters (exporter-toolkit's web configuration file,
https://prometheus.io/docs/prometheus/latest/configuration/https/):

    tls_server_config:
      cert_file: server.crt        # relative paths: from the file's directory
      key_file: server.key
      client_auth_type: RequireAndVerifyClientCert   # optional
      client_ca_file: clients.crt
      min_version: TLS12           # the default, as exporter-toolkit's
    basic_auth_users:
      prometheus: $2b$12$...       # bcrypt hashes

Without one the exporter answers anyone who can reach 127.0.0.1, every
local user included. A file that asks for protection and cannot give it
(unreadable, bad YAML, an unknown or unsupported key, a hash that is not
bcrypt, a certificate or key that does not load) is refused at start
(WebConfigError): the exporter never serves without what it was asked for.
Where exporter-toolkit quietly serves plain HTTP (an empty file, an empty
tls_server_config) this refuses too: the file was given for a reason.

python3-yaml reads the file and python3-bcrypt checks the passwords; both
are imported only when a file asks for them (the package recommends them),
and their absence is said at start, naming the Debian package.
"""
from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import importlib
import os
import re
import secrets
import ssl
import threading
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Dict, Optional

REALM = "pmdfwd-exporter"

TLS_VERSIONS = {"TLS10": ssl.TLSVersion.TLSv1, "TLS11": ssl.TLSVersion.TLSv1_1,
                "TLS12": ssl.TLSVersion.TLSv1_2, "TLS13": ssl.TLSVersion.TLSv1_3}
# exporter-toolkit's client_auth_type (Go's tls.ClientAuthType) as Python's
# ssl can verify it. Go's RequestClientCert and RequireAnyClientCert take a
# certificate without verifying it, which OpenSSL through Python cannot:
# refused with what to use instead, not served as something weaker.
CLIENT_AUTH = {"NoClientCert": ssl.CERT_NONE, "VerifyClientCertIfGiven": ssl.CERT_OPTIONAL,
               "RequireAndVerifyClientCert": ssl.CERT_REQUIRED}
UNVERIFIED_CLIENT_AUTH = ("RequestClientCert", "RequireAnyClientCert")
TOP_KEYS = ("tls_server_config", "basic_auth_users")
TLS_KEYS = ("cert_file", "key_file", "client_auth_type", "client_ca_file", "min_version", "max_version",
            "prefer_server_cipher_suites")
# exporter-toolkit's keys that this exporter does not implement: refused by
# name (a config copied from another exporter says what to drop), not
# ignored (cipher_suites left out would be a weaker server than asked for).
UNSUPPORTED = {"http_server_config", "rate_limit", "tls_server_config.cipher_suites",
               "tls_server_config.curve_preferences", "tls_server_config.client_allowed_sans",
               "tls_server_config.cert", "tls_server_config.key", "tls_server_config.client_ca"}
# A bcrypt hash: $2a$, $2b$ or $2y$ (htpasswd -B writes 2y), a cost of
# 04..31, 22 characters of salt and 31 of hash.
BCRYPT = re.compile(r"\$2[aby]\$(0[4-9]|[12][0-9]|3[01])\$[./A-Za-z0-9]{53}")


class WebConfigError(Exception):
    """The web config file cannot give what it asks for; the message names
    the file and what is wrong."""


def need(module: str, package: str, path: str, why: str) -> ModuleType:
    """module, imported; its absence is a WebConfigError naming the package.
    (A module, not a static import: the exporter without a web config runs
    without either package, and mypy has no types for yaml in Debian 12.)"""
    try:
        return importlib.import_module(module)
    except ImportError as e:
        raise WebConfigError(f"{path}: {why} needs {package}, not installed ({e}; "
                             f"Debian: apt-get install {package})") from None


class Users:
    """basic_auth_users: user -> bcrypt hash, checked as exporter-toolkit
    does. A user not listed is checked against a dummy hash of the same
    cost (as long as a listed one: a wrong name is not told by a quick 401).
    A scrape every few seconds would pay a bcrypt round each (tens of ms
    and more, by design): a check that succeeded is remembered, as an HMAC
    of the password under a key of this process, and compared in constant
    time; failures are not remembered (they stay slow)."""

    def __init__(self, hashes: Dict[str, bytes], bcrypt: ModuleType):
        self.hashes, self.bcrypt = hashes, bcrypt
        cost = max(int(h[4:6]) for h in hashes.values())
        # Printable: bcrypt refuses a password with a NUL byte in it.
        self.dummy = bcrypt.hashpw(secrets.token_urlsafe(16).encode(), bcrypt.gensalt(cost))
        self.key = secrets.token_bytes(32)
        self.verified: Dict[str, bytes] = {}  # user -> HMAC of their right password
        self.lock = threading.Lock()

    def digest(self, user: str, password: bytes) -> bytes:
        return hmac.new(self.key, user.encode() + b"\0" + password, hashlib.sha256).digest()

    def check(self, user: str, password: bytes) -> bool:
        digest = self.digest(user, password)
        with self.lock:
            known = self.verified.get(user)
        if known is not None and hmac.compare_digest(known, digest):
            return True
        if b"\0" in password:
            return False  # bcrypt raises on it; no stored password has one
        stored = self.hashes.get(user)
        ok = bool(self.bcrypt.checkpw(password, stored if stored is not None else self.dummy))
        if ok and stored is not None:
            with self.lock:
                self.verified[user] = digest
            return True
        return False

    def authorized(self, header: Optional[str]) -> bool:
        """Whether an Authorization header's Basic credentials are right."""
        if not header:
            return False
        scheme, _, token = header.strip().partition(" ")
        if scheme.lower() != "basic":
            return False
        try:
            user, sep, password = base64.b64decode(token.strip(), validate=True).partition(b":")
            name = user.decode()
        except (binascii.Error, UnicodeDecodeError):
            return False
        return bool(sep) and self.check(name, password)


@dataclass
class WebConfig:
    path: str
    tls: Optional[ssl.SSLContext]
    users: Optional[Users]

    def describe(self) -> str:
        """What the start-up line says of the protection in force."""
        parts = []
        if self.tls is not None:
            auth = {ssl.CERT_NONE: "", ssl.CERT_OPTIONAL: ", client certificates verified if given",
                    ssl.CERT_REQUIRED: ", client certificates required"}[self.tls.verify_mode]
            parts.append(f"TLS{auth}")
        if self.users is not None:
            n = len(self.users.hashes)
            parts.append(f"basic auth for {n} user{'s' if n != 1 else ''}")
        return " and ".join(parts)


def check_keys(path: str, where: str, mapping: Any, allowed: tuple) -> Dict[str, Any]:
    """mapping, a YAML mapping of allowed keys, or a WebConfigError."""
    if not isinstance(mapping, dict):
        raise WebConfigError(f"{path}: {where or 'the file'} is not a mapping of keys (YAML: key: value)")
    for key in mapping:
        name = f"{where}.{key}" if where else str(key)
        if name in UNSUPPORTED:
            raise WebConfigError(f"{path}: {name} is not supported by pmdfwd-exporter (remove it)")
        if key not in allowed:
            raise WebConfigError(f"{path}: unknown key {name} (known: {', '.join(allowed)})")
    return mapping


def string(path: str, name: str, value: Any, choices: Optional[Dict[str, Any]] = None) -> str:
    if not isinstance(value, str) or not value:
        raise WebConfigError(f"{path}: {name} must be a non-empty string, not {value!r}")
    if choices is not None and value not in choices:
        raise WebConfigError(f"{path}: {name}: {value!r} is none of {', '.join(choices)}")
    return value


def tls_context(path: str, conf: Dict[str, Any]) -> ssl.SSLContext:
    here = os.path.dirname(os.path.abspath(path))

    def file(key: str) -> str:
        return os.path.join(here, string(path, "tls_server_config." + key, conf[key]))

    for key in ("cert_file", "key_file"):
        if conf.get(key) is None:
            raise WebConfigError(f"{path}: tls_server_config needs {key} (the server's certificate and its key)")
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    versions: Dict[str, Any] = dict(TLS_VERSIONS)
    ctx.minimum_version = TLS_VERSIONS[string(path, "tls_server_config.min_version",
                                              conf.get("min_version", "TLS12"), versions)]
    if conf.get("max_version") is not None:
        ctx.maximum_version = TLS_VERSIONS[string(path, "tls_server_config.max_version",
                                                  conf["max_version"], versions)]
    prefer = conf.get("prefer_server_cipher_suites", True)
    if not isinstance(prefer, bool):
        raise WebConfigError(f"{path}: tls_server_config.prefer_server_cipher_suites must be true or false")
    if prefer:
        ctx.options |= ssl.OP_CIPHER_SERVER_PREFERENCE
    else:
        ctx.options &= ~ssl.OP_CIPHER_SERVER_PREFERENCE
    cert, key = file("cert_file"), file("key_file")

    def encrypted() -> bytes:
        # load_cert_chain would otherwise ask on the terminal.
        raise WebConfigError(f"{path}: tls_server_config.key_file {key} is encrypted (give an unencrypted key, "
                             "readable only by the exporter's user)")

    try:
        ctx.load_cert_chain(cert, key, password=encrypted)
    except (OSError, ValueError) as e:  # ssl.SSLError is an OSError
        raise WebConfigError(f"{path}: tls_server_config: cannot load cert_file {cert} with key_file {key}: "
                             f"{e}") from None
    # exporter-toolkit: a client CA file alone means RequireAndVerifyClientCert.
    ca = conf.get("client_ca_file")
    auth_type = conf.get("client_auth_type", "RequireAndVerifyClientCert" if ca is not None else "NoClientCert")
    if auth_type in UNVERIFIED_CLIENT_AUTH:
        raise WebConfigError(f"{path}: tls_server_config.client_auth_type {auth_type} (a client certificate "
                             "taken unverified) is not supported by pmdfwd-exporter: use "
                             "VerifyClientCertIfGiven or RequireAndVerifyClientCert with client_ca_file")
    ctx.verify_mode = CLIENT_AUTH[string(path, "tls_server_config.client_auth_type", auth_type, dict(CLIENT_AUTH))]
    if ctx.verify_mode != ssl.CERT_NONE and ca is None:
        raise WebConfigError(f"{path}: tls_server_config.client_auth_type {auth_type} needs client_ca_file "
                             "(the CA that signs the clients' certificates)")
    if ca is not None:
        cafile = file("client_ca_file")
        try:
            ctx.load_verify_locations(cafile=cafile)
        except (OSError, ValueError) as e:
            raise WebConfigError(f"{path}: tls_server_config: cannot load client_ca_file {cafile}: {e}") from None
    return ctx


def users(path: str, conf: Any) -> Users:
    if not isinstance(conf, dict) or not conf:
        raise WebConfigError(f"{path}: basic_auth_users lists no user (user: bcrypt hash)")
    hashes: Dict[str, bytes] = {}
    for user, hashed in conf.items():
        if not isinstance(user, str) or not user or ":" in user:
            raise WebConfigError(f"{path}: basic_auth_users: {user!r} is not a user name (a string without ':')")
        if not isinstance(hashed, str) or not BCRYPT.fullmatch(hashed):
            raise WebConfigError(f"{path}: basic_auth_users.{user}: not a bcrypt hash ($2b$<cost>$..., "
                                 "60 characters; the user guide says how to make one)")
        hashes[user] = hashed.encode()
    return Users(hashes, need("bcrypt", "python3-bcrypt", path, "basic_auth_users"))


def load(path: str) -> WebConfig:
    """The web config file at path, or a WebConfigError."""
    yaml = need("yaml", "python3-yaml", path, "a web config file")
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as e:
        raise WebConfigError(f"{path}: cannot read it: {e}") from None
    try:
        conf = yaml.safe_load(text)
    except yaml.YAMLError as e:
        raise WebConfigError(f"{path}: not valid YAML: {e}") from None
    if conf is None:
        raise WebConfigError(f"{path}: empty: it asks for neither TLS (tls_server_config) nor basic auth "
                             "(basic_auth_users)")
    conf = check_keys(path, "", conf, TOP_KEYS)
    tls = None
    if "tls_server_config" in conf:
        tls = tls_context(path, check_keys(path, "tls_server_config", conf["tls_server_config"], TLS_KEYS))
    auth = users(path, conf["basic_auth_users"]) if "basic_auth_users" in conf else None
    if tls is None and auth is None:
        raise WebConfigError(f"{path}: asks for neither TLS (tls_server_config) nor basic auth (basic_auth_users)")
    return WebConfig(path, tls, auth)
