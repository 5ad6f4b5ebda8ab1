import type { batchErrorsEn, fileCheckErrorsEn } from './batch-errors-en';

/** Spanish messages of the batch-sending error codes; same keys as `batch-errors-en.ts`. */
export const fileCheckErrorsEs: typeof fileCheckErrorsEn = {
  notPdf: '«{{file}}» no es un PDF. Solo se pueden enviar a firmar documentos PDF.',
  renamed: '«{{file}}» no es un PDF: es un archivo {{type}} al que se le cambió el nombre. Ábralo con su programa y guárdelo como PDF.',
  encrypted:
    '«{{file}}» está protegido con contraseña. Guarde una copia sin protección (por ejemplo, con «Imprimir → Guardar como PDF») y añada esa.',
  truncated: '«{{file}}» está incompleto: le falta el final. Puede que se cortara al descargarlo o copiarlo; consiga el archivo de nuevo.',
  damaged: '«{{file}}» no se pudo leer como PDF. Puede estar dañado: ábralo y vuelva a guardarlo, o consiga una copia nueva.',
  noPages: '«{{file}}» no tiene páginas, así que no hay nada que firmar.',
  tooSlow: '«{{file}}» tardó demasiado en leerse (más de {{seconds}} s). Puede estar dañado.',
  expands:
    '«{{file}}» se descomprime en más de {{maxMb}} MB al abrirlo, mucho más de lo que necesita un documento para firmar. Puede estar dañado o hecho para sobrecargar el equipo: guarde una copia nueva (por ejemplo, con «Imprimir → Guardar como PDF») y añada esa.',
  duplicate: '«{{file}}» es el mismo archivo que «{{other}}» (contenido idéntico). Cada archivo se envía una sola vez.',
};

export const batchErrorsEs: typeof batchErrorsEn = {
  input: {
    notPdf: 'Se dejó fuera «{{file}}»: solo se pueden enviar archivos PDF.',
    hidden: 'Se dejó fuera «{{file}}» porque es un archivo oculto.',
    notFound: 'No se encontró «{{file}}». Puede que se haya movido o eliminado.',
    unreadable: 'No se pudo abrir «{{file}}». Compruebe que todavía existe y que tiene permiso para abrirlo.',
    notAFile: 'Se dejó fuera «{{file}}»: no es ni un archivo ni una carpeta.',
    tooMany: 'Se dejaron fuera «{{file}}» y lo que sigue: un lote admite {{limit}} PDF a la vez. Agréguelos a otro lote.',
  },
  signer: {
    emailInvalid: '«{{value}}» no es una dirección de correo electrónico válida.',
    phoneInvalid:
      '«{{value}}» no es un teléfono en formato internacional: escriba + y el código del país, de 8 a 15 dígitos en total (por ejemplo, +5491123456789).',
    idDocumentInvalid:
      '«{{value}}» no es un documento de identidad: escriba las dos letras del país, dos puntos y el número (por ejemplo, AR:12345678).',
    taxIdInvalid: '«{{value}}» no es una identificación fiscal: use solo dígitos (por ejemplo, 20123456789).',
    emailInviteNeedsEmail: 'Para invitar por correo electrónico hace falta el correo del firmante.',
    smsInviteNeedsPhone: 'Para invitar por SMS hace falta el teléfono del firmante; «cualquier teléfono» no basta para enviar un mensaje.',
    inviteRepeated: 'La invitación indica el mismo canal dos veces.',
    noValidation:
      'Indique cómo se identifica al firmante: al menos uno de correo electrónico, teléfono, documento de identidad o identificación fiscal.',
    spec: {
      empty: 'El firmante está vacío: indique al menos una forma de identificarlo, por ejemplo EM=ana@example.com o PH=+5491123456789.',
      emptyPart: 'Hay una parte vacía entre dos comas.',
      unknownCode:
        '«{{part}}»: «{{code}}» no es un código de validación. Use EM (correo electrónico), PH (teléfono), BI (documento de identidad) o AF (identificación fiscal).',
      repeatedCode: '«{{part}}»: {{code}} aparece dos veces.',
      valueNeeded: '«{{part}}»: {{code}} necesita un valor después del signo «=».',
      unknownOption: 'No se entiende «{{part}}» después de «;». Solo puede seguir invite=EM, invite=PH o invite=EM+PH.',
      badInvite:
        '«{{part}}»: la invitación debe ser EM (correo electrónico), PH (SMS) o EM+PH (ambos). Omítala para obtener un enlace de firma.',
      repeatedInvite: '«{{part}}»: la invitación aparece dos veces.',
    },
  },
  manifest: {
    badInvite:
      '«{{value}}» no es una invitación: escriba email, sms, email+sms o link (sin mensaje, solo un enlace de firma para entregar).',
    empty: 'El manifiesto está vacío: necesita una fila de encabezado y una fila por archivo.',
    extraCell: '«{{value}}» está más allá de la última columna del encabezado.',
    fileAmbiguous: '{{count}} de los archivos añadidos se llaman «{{file}}» (en carpetas distintas). Deje solo el que quiere enviar.',
    fileNotAdded: '«{{file}}» no está entre los archivos añadidos. Añádalo o corrija el nombre.',
    fileNotListed: '«{{file}}» no tiene fila en el manifiesto, así que nadie lo firmaría.',
    fileRequired: 'Falta el nombre del archivo.',
    noFileColumn: 'No hay columna «file»: la primera fila debe nombrar las columnas, con «file» para el nombre del PDF.',
    noRows: 'El manifiesto no nombra ningún archivo: añada una fila por archivo debajo del encabezado.',
    noSigner: 'Nadie firma este archivo: complete signer1_email (u otra columna de firmante).',
    notCsv: '«{{file}}» no es un archivo CSV. En la hoja de cálculo, use «Guardar como» y elija CSV.',
    repeatedColumn: 'La columna «{{column}}» aparece dos veces.',
    repeatedFile:
      '«{{file}}» ya está en la fila {{firstRow}}. Cada archivo se envía una vez, así que dele una sola fila con todos sus firmantes.',
    tooLarge: '«{{file}}» es demasiado grande para un manifiesto (más de 5 MB).',
    unclosedQuote: 'Aquí se abren comillas que nunca se cierran, así que no se puede leer el resto del archivo.',
    unknownSignerColumn:
      'No se entiende la columna «{{column}}»: las columnas de firmante son signer1_email, signer1_phone, signer1_id_document, signer1_tax_id y signer1_invite (luego signer2_…), o una sola columna «signer».',
  },
  batch: {
    notFound: 'Ese lote ya no existe.',
    itemNotFound: 'Esa fila ya no está en el lote.',
    notDraft: 'Este lote ya se envió; empiece un lote nuevo para cambiarlo.',
    notRunning: 'Este lote no se está enviando.',
    nothingToSend:
      'No hay nada que enviar: añada archivos PDF e indique quién firma cada uno, o corrija las filas marcadas con un problema.',
    noSigners: 'Indique quién firma este documento.',
    alreadySent: 'Ya se envió el {{date}} como «{{title}}» ({{status}}). Queda fuera salvo que elija Enviar de nuevo.',
    alreadySentBy:
      'Ya lo envió {{member}} desde {{computer}} el {{date}} como «{{title}}» ({{status}}). Queda fuera salvo que elija Enviar de nuevo.',
    beingSentElsewhere:
      '{{member}} está enviando «{{file}}» desde {{computer}} y el servicio aún no ha respondido; se intentará de nuevo más tarde.',
    fileNotShared:
      '«{{file}}» se quedó en el equipo que empezó este lote: se detuvo antes de que el archivo llegara al almacén del equipo. Añada el archivo de nuevo aquí para enviarlo.',
    duplicateOf: 'Duplicado de «{{title}}» («{{file}}», el mismo archivo). Quite esta fila.',
    cancelled: 'No se envió: el lote se canceló.',
    stoppedKeyRefused:
      'El envío se detuvo: el servicio ya no acepta la clave de API de esta cuenta. Revise la clave en Configuración y luego reanude el envío.',
    gaveUp:
      '«{{file}}» no se envió después de {{attempts}} intentos: el servicio no respondió con claridad y el documento no está en el servicio. Use «Reintentar los fallidos» para volver a intentarlo más tarde.',
  },
  team: {
    unreachable: 'No se puede acceder al almacén del equipo — los envíos y las acciones en bloque esperan: {{reason}}',
  },
  preset: {
    notFound: 'Ese grupo de firmantes guardado ya no existe.',
  },
};
