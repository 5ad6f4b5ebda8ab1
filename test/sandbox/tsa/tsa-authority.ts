import { createHash, webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { SandboxClock } from '../core/clock';
import { loadSandboxCa } from '../evidence/sandbox-ca';
import { decoyIdentity } from './tsa-decoy';
import { defaultTsaValidity, tsaIdentity, type TsaIdentity } from './tsa-identity';

/**
 * The sandbox's RFC 3161 time-stamping authority: a TimeStampReq in, a TimeStampResp out, built with
 * pkijs (TSTInfo in a CMS SignedData signed by the TSA key, RSA PKCS #1 v1.5 with SHA-256). The signed
 * attributes carry the content type, the message digest and an ESS signing-certificate-v2 attribute
 * (RFC 5816; pkijs has no class for it, so asn1js builds its three nested sequences), which
 * `openssl ts -verify` requires. `genTime` follows the sandbox clock. While `enabled` is false the
 * HTTP side drops the connection (a TSA that cannot be reached). It misbehaves on purpose when told to
 * (issue 31): genTime off its clock, a signingTime attribute stating another time, a decoy signer.
 */
export interface TsaConfig {
  enabled: boolean;
  /** Validity of the TSA certificate (ISO dates); a short one makes expiry warnings testable. */
  cert_not_before: string;
  cert_not_after: string;
  /** Misbehaving on purpose: genTime this many seconds off the sandbox clock (a TSA whose clock is wrong). */
  gen_time_offset_seconds: number;
  /** Misbehaving on purpose: a CMS signingTime attribute stating this ISO time ('' = none, as RFC 3161 TSAs do). */
  signing_time: string;
  /** `decoy`: signed by an employee's e-mail certificate with a same-named self-signed decoy (`tsa-decoy.ts`). */
  signer: 'tsa' | 'decoy';
}

const oids = {
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signingTime: '1.2.840.113549.1.9.5',
  /** A UUID-based arc (2.25, X.667): the sandbox's own policy, registered nowhere. */
  policy: '2.25.223281747425216226306547245389474133905',
};
const hashes: Record<string, string> = {
  '1.3.14.3.2.26': 'sha1',
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};
const hashLength: Record<string, number> = { sha1: 20, sha256: 32, sha384: 48, sha512: 64 };

export const defaultTsaConfig: TsaConfig = {
  enabled: true,
  cert_not_before: defaultTsaValidity.notBefore.toISOString(),
  cert_not_after: defaultTsaValidity.notAfter.toISOString(),
  gen_time_offset_seconds: 0,
  signing_time: '',
  signer: 'tsa',
};

export class SandboxTsa {
  config: TsaConfig = { ...defaultTsaConfig };
  /** Tokens issued and requests refused since start (for tests). */
  issued = 0;
  refused = 0;
  private serial = 0;

  constructor(
    private readonly clock: SandboxClock,
    initial: Partial<TsaConfig> = {},
  ) {
    this.configure(initial);
  }

  configure(patch: Partial<TsaConfig>): void {
    this.config = { ...this.config, ...patch };
  }

  reset(initial: Partial<TsaConfig> = {}): void {
    this.config = { ...defaultTsaConfig, ...initial };
  }

  identity(): TsaIdentity {
    return tsaIdentity(loadSandboxCa(), {
      notBefore: new Date(this.config.cert_not_before),
      notAfter: new Date(this.config.cert_not_after),
    });
  }

  /** Answers one request (DER TimeStampReq) with a DER TimeStampResp: granted, or rejection with why. */
  async respond(requestDer: Buffer): Promise<Buffer> {
    let request: pkijs.TimeStampReq;
    try {
      request = pkijs.TimeStampReq.fromBER(Uint8Array.from(requestDer));
    } catch {
      return this.rejection('The request is not a DER TimeStampReq.');
    }
    const hash = hashes[request.messageImprint.hashAlgorithm.algorithmId];
    if (!hash) return this.rejection(`Unsupported hash algorithm ${request.messageImprint.hashAlgorithm.algorithmId}.`);
    if (request.messageImprint.hashedMessage.valueBlock.valueHexView.byteLength !== hashLength[hash])
      return this.rejection('The message imprint has the wrong length for its algorithm.');
    const signing = this.signing(request.certReq ?? false);
    this.serial += 1;
    const tstInfo = new pkijs.TSTInfo({
      version: 1,
      policy: request.reqPolicy ?? oids.policy,
      messageImprint: request.messageImprint,
      serialNumber: new asn1js.Integer({ value: (this.clock.now() % 1_000_000_000) * 1000 + (this.serial % 1000) }),
      genTime: new Date(Math.floor(this.clock.now() / 1000) * 1000 + this.config.gen_time_offset_seconds * 1000),
      accuracy: new pkijs.Accuracy({ seconds: 1 }),
      ...(request.nonce ? { nonce: request.nonce } : {}),
    });
    const tstDer = Buffer.from(tstInfo.toSchema().toBER(false));
    const attribute = (type: string, value: asn1js.AsnType) => new pkijs.Attribute({ type, values: [value] });
    // SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2 }; ESSCertIDv2 with the default
    // hash algorithm (SHA-256) is SEQUENCE { certHash OCTET STRING }.
    const essCertIdV2 = new asn1js.Sequence({
      value: [new asn1js.OctetString({ valueHex: createHash('sha256').update(signing.essDer).digest() })],
    });
    const signingTime = this.config.signing_time
      ? [attribute(oids.signingTime, new asn1js.UTCTime({ valueDate: new Date(this.config.signing_time) }))]
      : [];
    const signedData = new pkijs.SignedData({
      version: 3,
      encapContentInfo: new pkijs.EncapsulatedContentInfo({
        eContentType: oids.tstInfo,
        eContent: new asn1js.OctetString({ valueHex: tstDer }),
      }),
      signerInfos: [
        new pkijs.SignerInfo({
          version: 1,
          sid: new pkijs.IssuerAndSerialNumber({ issuer: signing.signer.issuer, serialNumber: signing.signer.serialNumber }),
          signedAttrs: new pkijs.SignedAndUnsignedAttributes({
            type: 0,
            attributes: [
              attribute(oids.contentType, new asn1js.ObjectIdentifier({ value: oids.tstInfo })),
              attribute(oids.messageDigest, new asn1js.OctetString({ valueHex: createHash('sha256').update(tstDer).digest() })),
              ...signingTime,
              attribute(oids.signingCertificateV2, new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] })),
            ],
          }),
        }),
      ],
      ...(signing.certificates.length > 0 ? { certificates: signing.certificates } : {}),
    });
    await signedData.sign(await signingKey(signing.keyPem), 0, 'SHA-256');
    const response = new pkijs.TimeStampResp({
      status: new pkijs.PKIStatusInfo({ status: pkijs.PKIStatus.granted }),
      timeStampToken: new pkijs.ContentInfo({ contentType: oids.signedData, content: signedData.toSchema(true) }),
    });
    this.issued += 1;
    return Buffer.from(response.toSchema().toBER(false));
  }

  /**
   * Who signs: the TSA's own certificate; or, as the `decoy` misbehaviour, an employee's certificate
   * named by the SignerIdentifier while the ESS attribute names a same-named decoy listed first.
   */
  private signing(certReq: boolean): { signer: pkijs.Certificate; essDer: Buffer; certificates: pkijs.Certificate[]; keyPem: string } {
    const ca = pkijs.Certificate.fromBER(Uint8Array.from(caDer()));
    if (this.config.signer === 'decoy') {
      const decoy = decoyIdentity();
      const employee = pkijs.Certificate.fromBER(Uint8Array.from(decoy.employeeDer));
      const certificates = [pkijs.Certificate.fromBER(Uint8Array.from(decoy.decoyDer)), employee, ca];
      return { signer: employee, essDer: decoy.decoyDer, certificates, keyPem: decoy.keyPem };
    }
    const identity = this.identity();
    const signer = pkijs.Certificate.fromBER(Uint8Array.from(identity.certDer));
    return { signer, essDer: identity.certDer, certificates: certReq ? [signer, ca] : [], keyPem: identity.keyPem };
  }

  private rejection(why: string): Buffer {
    this.refused += 1;
    const response = new pkijs.TimeStampResp({
      status: new pkijs.PKIStatusInfo({ status: pkijs.PKIStatus.rejection, statusStrings: [new asn1js.Utf8String({ value: why })] }),
    });
    return Buffer.from(response.toSchema().toBER(false));
  }
}

const keys = new Map<string, Promise<webcrypto.CryptoKey>>();

function signingKey(pem: string): Promise<webcrypto.CryptoKey> {
  let key = keys.get(pem);
  if (!key) {
    const der = Buffer.from(pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64');
    key = webcrypto.subtle.importKey('pkcs8', der, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['sign']);
    keys.set(pem, key);
  }
  return key;
}

let caCertDer: Buffer | null = null;

function caDer(): Buffer {
  caCertDer ??= Buffer.from(
    loadSandboxCa()
      .certPem.replace(/-----[^-]+-----/g, '')
      .replace(/\s+/g, ''),
    'base64',
  );
  return caCertDer;
}
