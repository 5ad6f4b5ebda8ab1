import type { evidenceReviewEn } from './evidence-review-en';

/** Spanish words of the reviewer's path (see `evidence-review-en.ts`). */
export const evidenceReviewEs: typeof evidenceReviewEn = {
  label: 'El archivo revisado',
  reviewing: 'Revisando el archivo en',
  choose: 'Elegir una carpeta de archivo…',
  chooseTitle: 'Elija el archivo de evidencias que quiere revisar',
  browserHint: 'En un navegador, el archivo se elige al iniciar el servidor web de SignDock. Para revisar otra carpeta, inícielo con',
  emptyTitle: 'No hay documentos archivados en esta carpeta',
  emptyBody:
    'SignDock busca bolsas de evidencias (carpetas con bagit.txt) en la carpeta de archivo indicada arriba y en sus subcarpetas. Elija la carpeta que contiene el archivo que le han entregado.',
  notAllThere: 'Falta o no se lee en el disco',
  look: {
    verified: {
      label: 'Verificado',
      text: 'Todas las comprobaciones se hicieron y son correctas, y una autoridad de certificación de su confianza respalda a cada firmante.',
    },
    untrusted: {
      label: 'Íntegro, firmante sin respaldo',
      text: 'Todos los archivos y firmas están íntegros, pero ninguna autoridad de certificación de su confianza respalda al firmante: esto aún no demuestra quién firmó.',
      todo: 'Para comprobar quién firmó, añada la autoridad de certificación que emitió el certificado del firmante en «Configuración del archivo», más abajo, y compruebe de nuevo.',
    },
    failed: {
      label: 'Fallido',
      text: 'Una comprobación ha fallado: esta evidencia no es la que se archivó o firmó. Lo que falló se indica abajo.',
    },
    incomplete: {
      label: 'Incompleto',
      text: 'No se pudo comprobar todo (falta un archivo o no se pudo leer), así que esta evidencia no está verificada. Lo que no se pudo comprobar se indica abajo.',
    },
  },
  timestamp: {
    none: 'Sin sello de tiempo: nadie más que SignDock respalda cuándo existía esta evidencia.',
    notYet: 'Aún sin sello de tiempo: no se pudo contactar con la autoridad de sellado; la próxima comprobación lo añade.',
    passed: 'Sellado el {{time}} por {{tsa}}.',
    trusted: 'Lo respalda una autoridad de sellado de su confianza.',
    untrusted:
      'Ninguna autoridad de su confianza respalda a esta autoridad de sellado de tiempo. Para confiar en ella, añada el certificado de CA que la autoridad publica («Añadir autoridad de sellado de tiempo…»), tras comparar su huella con la que da la autoridad.',
    failed: 'El sello de tiempo no corresponde a esta evidencia: {{detail}}',
  },
  tsa: {
    title: 'Autoridades de sellado de tiempo de su confianza',
    description:
      'Un sello de tiempo está respaldado cuando una autoridad de certificación de esta lista emitió el certificado de la autoridad de sellado. Se guarda en la configuración de este equipo, no en el archivo.',
    none: 'Ninguna todavía: los sellos de tiempo se muestran sin respaldo.',
    add: 'Añadir autoridad de sellado de tiempo…',
    remove: 'Dejar de confiar en {{subject}} para los sellos de tiempo',
    confirmTitle: '¿Confiar en esta autoridad para los sellos de tiempo?',
    intro:
      'Los sellos de tiempo cuya autoridad de sellado encadene con {{subject}} se mostrarán respaldados. Compare la huella de abajo con la que publica la autoridad (su sitio web o una carta) y añádala solo si coinciden.',
    added: 'Se añadió {{subject}} para los sellos de tiempo. El archivo se comprobó de nuevo: los sellos se muestran como están ahora.',
    removed: 'Se quitó {{subject}}. El archivo se comprobó de nuevo: los sellos se muestran como están ahora.',
  },
  items: 'Cada archivo ({{count}})',
  items_one: 'El archivo (1)',
  counts: { passed: 'Correctas', failed: 'Fallidas', incomplete: 'Sin comprobar', notApplicable: 'No aplicables' },
  report: {
    savedTo: 'Informe guardado: {{pdf}} (y {{csv}}).',
    downloaded: 'Informe descargado: {{pdf}} y {{csv}}.',
    clean: 'Abarca {{count}} documentos; sin problemas.',
    clean_one: 'Abarca 1 documento; sin problemas.',
    problems: 'Incluye {{count}} problemas, los mismos que esta página.',
    problems_one: 'Incluye 1 problema, el mismo que esta página.',
  },
  export: {
    downloaded: 'Descargado {{name}} ({{files}} archivos).',
  },
  anchor: {
    fingerprint: 'Huella SHA-256',
    title: '¿Confiar en esta autoridad de certificación?',
    intro:
      'Las firmas cuyo emisor dependa de {{subject}} se mostrarán como de confianza. Añada solo una autoridad en la que tenga motivos para confiar, como una que respalden su organización o el servicio de firma.',
    warningsTitle: 'Cuidado: este certificado',
    warnings: {
      testName:
        'dice que es de pruebas o que no es una autoridad de confianza («{{subject}}»). Confíe en él solo para probar SignDock con evidencias del entorno de pruebas, nunca para evidencias de las que dependa.',
      notCa: 'no es una autoridad de certificación: no puede respaldar otros certificados.',
      selfSignedNotCa: 'está autofirmado y no es una autoridad de certificación: solo se respalda a sí mismo.',
      expired: 'ha caducado.',
      notYetValid: 'aún no es válido.',
    },
    confirm: 'Confiar',
    confirmAnyway: 'Confiar de todos modos',
    cancel: 'Cancelar',
    rechecking: 'Comprobando de nuevo el archivo con las autoridades de confianza…',
    added: 'Añadida {{subject}}. Se ha comprobado de nuevo el archivo: la confianza se muestra tal como es ahora.',
    removed: 'Eliminada {{subject}}. Se ha comprobado de nuevo el archivo: la confianza se muestra tal como es ahora.',
  },
};
