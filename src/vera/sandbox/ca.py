"""A certificate authority for one sandbox, so that its HTTPS requests can be answered by vera.

The world's web pages (the ``web`` service) are served to programs in a sandbox over HTTP and
HTTPS by vera itself (:mod:`vera.gateway.web`), never by the internet. For HTTPS, the sandbox
must trust a certificate for each of the world's hosts: :class:`SandboxCA` makes a fresh CA per
sandbox (an EC P-256 key that never leaves vera's process, a certificate valid for a day) and
issues server certificates for a list of host names from it, with the ``cryptography`` package.

The sandbox is given only public files (:meth:`SandboxCA.write`): the CA certificate, and a
bundle of the host's trusted certificates plus it, bound over the system bundle and named by the
variables OpenSSL, Node, curl and Python's requests read (:meth:`SandboxCA.trust_env`).
"""

from __future__ import annotations

import datetime
import ipaddress
import ssl
import tempfile
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

SYSTEM_BUNDLE = Path("/etc/ssl/certs/ca-certificates.crt")
"""Where Debian's trusted certificates are (and where the sandbox finds the bundle)."""
CA_DIR = "/opt/vera/ca"
"""Where the CA's public files appear inside the sandbox."""


_CA_USAGE = x509.KeyUsage(
    digital_signature=True,
    key_cert_sign=True,
    crl_sign=True,
    content_commitment=False,
    key_encipherment=False,
    data_encipherment=False,
    key_agreement=False,
    encipher_only=False,
    decipher_only=False,
)


class SandboxCA:
    """A CA made now, for one sandbox (see the module doc)."""

    def __init__(self, name: str = "vera sandbox CA") -> None:
        now = datetime.datetime.now(datetime.UTC)
        self._key = ec.generate_private_key(ec.SECP256R1())
        subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
        self._not_before = now - datetime.timedelta(hours=1)
        self._not_after = now + datetime.timedelta(days=1)
        self.cert = (
            x509.CertificateBuilder()
            .subject_name(subject)
            .issuer_name(subject)
            .public_key(self._key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(self._not_before)
            .not_valid_after(self._not_after)
            .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
            .add_extension(_CA_USAGE, critical=True)
            .add_extension(
                x509.SubjectKeyIdentifier.from_public_key(self._key.public_key()), critical=False
            )
            .sign(self._key, hashes.SHA256())
        )

    @property
    def pem(self) -> bytes:
        """The CA certificate (PEM): what a client must trust."""
        return self.cert.public_bytes(serialization.Encoding.PEM)

    def issue(self, hosts: list[str]) -> tuple[bytes, bytes]:
        """A server certificate for ``hosts`` (names or IP addresses) and its key, both PEM."""
        if not hosts:
            raise ValueError("a server certificate needs at least one host name")
        key = ec.generate_private_key(ec.SECP256R1())
        names: list[x509.GeneralName] = []
        for h in hosts:
            try:
                names.append(x509.IPAddress(ipaddress.ip_address(h)))
            except ValueError:
                names.append(x509.DNSName(h))
        cert = (
            x509.CertificateBuilder()
            .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, hosts[0][:64])]))
            .issuer_name(self.cert.subject)
            .public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(self._not_before)
            .not_valid_after(self._not_after)
            .add_extension(x509.SubjectAlternativeName(names), critical=False)
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
            .add_extension(
                x509.AuthorityKeyIdentifier.from_issuer_public_key(self._key.public_key()),
                critical=False,
            )
            .sign(self._key, hashes.SHA256())
        )
        key_pem = key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
        return cert.public_bytes(serialization.Encoding.PEM), key_pem

    def server_context(self, hosts: list[str]) -> ssl.SSLContext:
        """A TLS server context presenting a certificate for ``hosts`` (the key is written to a
        private temporary file only for the moment ``ssl`` loads it)."""
        cert, key = self.issue(hosts)
        ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        with tempfile.NamedTemporaryFile(suffix=".pem") as f:
            f.write(cert + key)
            f.flush()
            ctx.load_cert_chain(f.name)
        return ctx

    def write(self, directory: Path) -> Path:
        """The public files for a sandbox in ``directory``: ``ca.pem`` and ``bundle.pem`` (the
        host's trusted certificates, when there are any, then this CA's)."""
        directory.mkdir(parents=True, exist_ok=True)
        (directory / "ca.pem").write_bytes(self.pem)
        system = SYSTEM_BUNDLE.read_bytes() if SYSTEM_BUNDLE.is_file() else b""
        (directory / "bundle.pem").write_bytes(system.rstrip() + b"\n" + self.pem)
        return directory

    @staticmethod
    def trust_env(inside: str = CA_DIR) -> dict[str, str]:
        """Variables that make the usual clients in a sandbox trust the bundle at ``inside``."""
        bundle = f"{inside}/bundle.pem"
        return {
            "SSL_CERT_FILE": bundle,  # OpenSSL, rustls' native roots, Python's ssl, Bun
            "NODE_EXTRA_CA_CERTS": f"{inside}/ca.pem",  # Node
            "REQUESTS_CA_BUNDLE": bundle,  # requests (certifi otherwise)
            "CURL_CA_BUNDLE": bundle,
            "GIT_SSL_CAINFO": bundle,
        }


__all__ = ["CA_DIR", "SYSTEM_BUNDLE", "SandboxCA"]
