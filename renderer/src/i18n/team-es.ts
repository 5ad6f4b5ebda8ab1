import type { teamEn } from './team-en';

/** Spanish strings of the team store: Settings → Equipo and the Send page's banner (typed as the English shape). */
export const teamEs: typeof teamEn = {
  title: 'Equipo',
  description:
    'Varios equipos de una misma cuenta trabajan como uno a través de un almacén del equipo (una base de datos PostgreSQL que gestiona su oficina o su departamento de informática). Si lo deja vacío, este equipo trabaja solo.',
  fromEnvironment:
    'Este equipo usa el almacén del equipo indicado en SIGNDOCK_TEAM_URL: {{store}} como «{{login}}» (sslmode {{sslMode}}). Tiene prioridad sobre la configuración guardada, que se muestra solo para lectura.',
  inUse: 'En uso ahora: {{store}}.',
  alone: 'No hay almacén del equipo en uso: este equipo trabaja solo.',
  restartNeeded: 'Guardado. SignDock se conecta con esta configuración la próxima vez que se inicie: cierre SignDock y vuelva a abrirlo.',
  host: 'Servidor',
  hostHint: 'El nombre o la dirección IP del servidor PostgreSQL.',
  port: 'Puerto',
  database: 'Base de datos',
  login: 'Usuario',
  loginHint: 'El usuario de la base de datos que le dio su administrador: es su nombre en el equipo.',
  password: 'Contraseña',
  passwordHint: 'Se guarda en el llavero de este equipo, nunca en los archivos de SignDock.',
  replacePlaceholder: 'Escriba una nueva para reemplazarla',
  show: 'Mostrar',
  hide: 'Ocultar',
  passwordState: 'Contraseña',
  stored: 'Guardada en el llavero',
  notStored: 'Aún no guardada',
  forget: 'Olvidar',
  forgetting: 'Olvidando…',
  forgotten: 'La contraseña se eliminó del llavero.',
  tls: 'Cifrado (TLS)',
  sslModes: {
    disable: 'Sin cifrado (disable): solo en una red de confianza',
    require: 'Cifrado (require): el certificado no se comprueba salvo que indique una CA',
    'verify-ca': 'Cifrado, certificado comprobado con la CA (verify-ca)',
    'verify-full': 'Cifrado, certificado y nombre del servidor comprobados (verify-full): recomendado',
  },
  ca: 'La autoridad de certificación (CA) del servidor',
  noCa: 'Ninguna elegida.',
  caNeeded:
    'Ninguna elegida: se usan las autoridades de certificación del sistema. Con un servidor propio de su oficina, elija el archivo de la CA que le dio su administrador.',
  caPicked: 'El archivo de CA que eligió (Guardar lo conserva)',
  chooseCa: 'Elegir archivo de CA…',
  removeCa: 'Quitar la CA {{subject}}',
  computer: 'Nombre de este equipo',
  computerHint: 'Cómo ve el equipo a este ordenador. Si lo deja vacío: su nombre de host ({{hostName}}).',
  computerFromEnvironment: 'Indicado por SIGNDOCK_COMPUTER_NAME.',
  invalid: {
    host: 'Escriba el nombre o la dirección IP del servidor (sin espacios).',
    port: 'Un puerto es un número de 1 a 65535 (el de PostgreSQL suele ser 5432).',
    database: 'Escriba el nombre de la base de datos (sin espacios).',
    login: 'Escriba su usuario de la base de datos (sin espacios).',
  },
  test: 'Probar la conexión',
  testing: 'Conectando con el almacén del equipo…',
  connected: 'Conectado como {{member}} en {{computer}}, versión del esquema {{version}}.',
  save: 'Guardar',
  saving: 'Guardando…',
  members: 'Miembros y equipos vistos',
  membersLoading: 'Consultando el almacén del equipo…',
  memberCount_one: '{{count}} miembro: {{names}}',
  memberCount_other: '{{count}} miembros: {{names}}',
  computerSeen: '{{computer}} ({{member}}), visto por última vez {{time}}',
  problems: {
    'team.unreachable':
      'No se puede conectar con el almacén del equipo ({{store}}): no responde, su nombre no se conoce o la conexión se cortó.',
    'team.wrongPassword':
      'El almacén del equipo ({{store}}) rechazó el usuario «{{login}}»: contraseña incorrecta (o no existe ese usuario).',
    'team.tlsRequired': 'El almacén del equipo ({{store}}) exige cifrado: elija verify-full (y el archivo de la CA) en Cifrado.',
    'team.refused': 'El almacén del equipo ({{store}}) no deja entrar al usuario «{{login}}» desde este equipo.',
    'team.noDatabase': 'El almacén del equipo ({{store}}) no tiene esa base de datos: revise el campo Base de datos.',
    'team.notMember':
      'El usuario «{{login}}» no puede hacer esto en el almacén del equipo ({{store}}): el administrador debe concederle signdock_member (vea el README, Team).',
    'team.noTlsOnServer': 'El almacén del equipo ({{store}}) no ofrece cifrado, pero sslmode={{sslMode}} lo pide.',
    'team.certificate':
      'El certificado del almacén del equipo ({{store}}) no es de confianza: ninguna CA indicada lo avala o es de otro servidor.',
    'team.notInitialised':
      'El almacén del equipo ({{store}}) aún no está preparado: quien administra la base de datos debe ejecutar «signdock team init» una vez.',
    'team.tooNew': 'Este SignDock es más antiguo que el almacén del equipo: actualícelo. No se escribió nada.',
    'team.noPassword': 'El llavero no guarda ninguna contraseña del almacén del equipo: escríbala en Configuración → Equipo.',
    'team.notCertificate':
      'El archivo de la CA no es un certificado en formato PEM (un archivo .pem o .crt que empieza por -----BEGIN CERTIFICATE-----).',
    'team.keychain':
      'No se pudo usar el llavero del sistema para la contraseña del almacén del equipo. Desbloquee o instale un llavero (en Linux, un Secret Service como GNOME Keyring), o indique la dirección completa en SIGNDOCK_TEAM_URL.',
    'team.none': 'No hay ningún almacén del equipo configurado: escriba uno primero.',
  },
  banner: {
    title: 'No se puede acceder al almacén del equipo — los envíos y las acciones en bloque esperan',
    retryIn: 'Se intentará de nuevo en {{seconds}} s.',
    retrying: 'Intentándolo de nuevo…',
    tryNow: 'Intentar ahora',
    paused:
      'No se envía nada solo con lo que sabe este equipo. Un lote que se estaba enviando queda en pausa, no falla: cuando el almacén vuelva, este aviso desaparece y usted pulsa Reanudar para continuar.',
  },
};
