import type { TunnelProblem } from './webhooks';

/*
 * The built-in tunnel's problems in plain words, English and Spanish: one text for the core's
 * messages (CLI, logs), the status's `error.message` and the renderer's catalog (`errors.webhooks.tunnel.*`).
 * `{{name}}` is filled from the problem's params.
 */
export const tunnelWordsEn = {
  listenerDown: 'The notification listener on this computer is not running, so there is nothing to open a tunnel to.',
  noNetwork:
    'SignDock could not reach {{host}}: this computer seems to be offline. It tries again by itself; meanwhile documents are checked every few minutes.',
  ngrokNoAuthtoken:
    'ngrok needs your authtoken. Copy it from dashboard.ngrok.com (Your Authtoken) and paste it in Settings → Notifications.',
  ngrokAuthtokenRefused:
    'ngrok refused the authtoken. Copy it again from dashboard.ngrok.com (Your Authtoken) and paste it in Settings → Notifications.',
  ngrokDomainRefused: 'ngrok refused the domain {{domain}}. Reserve it in your ngrok account (Domains), or leave the domain empty.',
  ngrokUnavailable: 'ngrok cannot run on this computer ({{platform}}). Use your own SSH server instead.',
  ngrokFailed: 'ngrok stopped the tunnel: {{detail}}',
  sshNotSet: 'Fill in the SSH server’s details (server, user, key, remote port, public address) first.',
  sshHostNotFound: 'The server name {{host}} could not be found. Check the name and the internet connection.',
  sshUnreachable: 'Nothing answered at {{host}} port {{port}}. Check the server name and port, and that the server is on.',
  sshTimeout: 'The server {{host}} did not answer in time. SignDock tries again by itself.',
  sshAuthRefused:
    'The server {{host}} did not accept the user {{user}} with this key. Check the user name and that the server lists the key in its authorized keys.',
  sshKeyUnreadable: 'The private key file {{file}} could not be read. Pick the key file again.',
  sshKeyEncrypted: 'The private key {{file}} is protected by a passphrase. Add it to your SSH agent (ssh-add) and choose “SSH agent”.',
  sshNoAgent: 'No SSH agent is running on this computer. Start one and add your key (ssh-add), or pick a key file.',
  sshHostKeyChanged:
    'The server {{host}} presented a different key ({{fingerprint}}) than the one trusted. SignDock did not connect: this can mean someone is in between. Ask your administrator whether the server’s key really changed.',
  sshHostKeyUnknown: 'The key of {{host}} ({{fingerprint}}) is not known yet. Confirm it once after checking it with your administrator.',
  sshKnownHostsUnreadable: 'The known hosts file {{file}} could not be read.',
  sshPortTaken:
    'The server {{host}} refused to open port {{port}}: another program uses it or the server does not allow it. Choose another remote port.',
  sshConnectionLost: 'The connection to {{host}} was lost. SignDock tries again by itself.',
  sshFailed: 'The SSH connection to {{host}} failed: {{detail}}',
};

export type TunnelProblemCode = keyof typeof tunnelWordsEn;

export const tunnelWordsEs: Record<TunnelProblemCode, string> = {
  listenerDown: 'El receptor de notificaciones de este equipo no está funcionando: no hay nada a lo que abrir un túnel.',
  noNetwork:
    'SignDock no pudo llegar a {{host}}: este equipo parece estar sin conexión. Lo vuelve a intentar solo; mientras tanto revisa los documentos cada pocos minutos.',
  ngrokNoAuthtoken:
    'ngrok necesita su authtoken. Cópielo en dashboard.ngrok.com (Your Authtoken) y péguelo en Configuración → Notificaciones.',
  ngrokAuthtokenRefused:
    'ngrok rechazó el authtoken. Cópielo de nuevo en dashboard.ngrok.com (Your Authtoken) y péguelo en Configuración → Notificaciones.',
  ngrokDomainRefused: 'ngrok rechazó el dominio {{domain}}. Resérvelo en su cuenta de ngrok (Domains) o deje el dominio vacío.',
  ngrokUnavailable: 'ngrok no puede funcionar en este equipo ({{platform}}). Use su propio servidor SSH.',
  ngrokFailed: 'ngrok cerró el túnel: {{detail}}',
  sshNotSet: 'Complete primero los datos del servidor SSH (servidor, usuario, clave, puerto remoto, dirección pública).',
  sshHostNotFound: 'No se encontró el servidor {{host}}. Revise el nombre y la conexión a internet.',
  sshUnreachable: 'Nada respondió en {{host}}, puerto {{port}}. Revise el nombre y el puerto del servidor, y que esté encendido.',
  sshTimeout: 'El servidor {{host}} no respondió a tiempo. SignDock lo vuelve a intentar solo.',
  sshAuthRefused:
    'El servidor {{host}} no aceptó al usuario {{user}} con esta clave. Revise el usuario y que el servidor tenga la clave entre sus claves autorizadas.',
  sshKeyUnreadable: 'No se pudo leer el archivo de clave privada {{file}}. Elija de nuevo el archivo.',
  sshKeyEncrypted:
    'La clave privada {{file}} está protegida con una frase de contraseña. Añádala a su agente SSH (ssh-add) y elija «Agente SSH».',
  sshNoAgent: 'No hay ningún agente SSH en este equipo. Inicie uno y añada su clave (ssh-add), o elija un archivo de clave.',
  sshHostKeyChanged:
    'El servidor {{host}} presentó una clave distinta ({{fingerprint}}) de la de confianza. SignDock no se conectó: puede haber alguien en medio. Pregunte a su administrador si la clave del servidor cambió de verdad.',
  sshHostKeyUnknown: 'La clave de {{host}} ({{fingerprint}}) aún no se conoce. Confírmela una vez tras comprobarla con su administrador.',
  sshKnownHostsUnreadable: 'No se pudo leer el archivo de servidores conocidos {{file}}.',
  sshPortTaken:
    'El servidor {{host}} no abrió el puerto {{port}}: otro programa lo usa o el servidor no lo permite. Elija otro puerto remoto.',
  sshConnectionLost: 'Se perdió la conexión con {{host}}. SignDock lo vuelve a intentar solo.',
  sshFailed: 'Falló la conexión SSH con {{host}}: {{detail}}',
};

/** Catalog keys of the tunnel's problems, as `AppError.code` and `TunnelProblem.code` carry them. */
export const tunnelErrorCodes = Object.keys(tunnelWordsEn).map(
  (key) => `webhooks.tunnel.${key}`,
) as `webhooks.tunnel.${TunnelProblemCode}`[];

/** Fills `{{name}}` from params (a missing one stays visible as its name). */
function fillTunnelWords(text: string, params: Record<string, string | number> = {}): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? name));
}

/** A problem with its English message (the status's `error`, the CLI's text). */
export function tunnelProblem(code: TunnelProblemCode, params: Record<string, string | number> = {}): TunnelProblem {
  return {
    code: `webhooks.tunnel.${code}`,
    message: fillTunnelWords(tunnelWordsEn[code], params),
    ...(Object.keys(params).length ? { params } : {}),
  };
}
