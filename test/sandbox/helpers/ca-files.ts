/** The committed sandbox CA files, for tools such as openssl (tests run from source). */
export const caCertificateUrl = new URL('../ca/ca-cert.pem', import.meta.url);
export const caKeyUrl = new URL('../ca/ca-key.pem', import.meta.url);
