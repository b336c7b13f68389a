/** Seeded site content in Spanish. */
import type { SiteContent } from './types';
import { PASSWORD_RULE } from '../../../core';

export const spa: SiteContent = {
  news: {
    'banner-zero-fee-btc': {
      title: 'BTC spot sin comisiones',
      summary: 'Opera BTC/USDT sin comisión de trading.',
      content:
        '<p>Las operaciones spot en BTC/USDT no tienen comisión de trading. Los demás pares siguen la tabla de comisiones publicada.</p>',
    },
    'banner-lock-mining': {
      title: 'Minería fija: rendimiento diario',
      summary: 'Bloquea USDT y gana un rendimiento cada día.',
      content:
        '<p>La minería fija paga un rendimiento diario durante el plazo de bloqueo que elijas. Puedes rescatar antes de tiempo con una penalización que se muestra antes de confirmar.</p>',
    },
    'banner-copy-trading': {
      title: 'Copia a los mejores traders',
      summary: 'Sigue a un trader con un múltiplo fijo o lotes fijos.',
      content:
        '<p>Elige un trader, fija un múltiplo o un número de lotes, y tu cuenta seguirá sus operaciones. Puedes cancelar en cualquier momento.</p>',
    },
    'notice-nft-review': {
      title: 'Aviso sobre ventas de NFT y llegada de fondos',
      summary:
        'Las ventas de colecciones, cajas misteriosas y subastas NFT requieren revisión del servicio de atención oficial.',
      content:
        '<p>Las ventas de colecciones NFT, cajas misteriosas y subastas las revisa el servicio de atención al cliente oficial antes de completarse. Por eso, los fondos de una venta pueden no llegar de inmediato. Contacta con atención al cliente si la revisión tarda más de 24 horas.</p>',
    },
    'news-new-listings': {
      title: 'Nuevos listados: SUI, TON y APT',
      summary: 'Tres nuevos pares spot contra USDT.',
      content:
        '<p>SUI/USDT, TON/USDT y APT/USDT ya están abiertos al trading spot, con historial de velas desde el primer minuto.</p>',
    },
    'news-stocks': {
      title: 'Acciones de EE. UU. en USDT',
      summary: 'AAPL, MSFT, NVDA, TSLA y más.',
      content:
        '<p>Ya puedes operar ocho acciones estadounidenses contra USDT desde la página Mercados, en la pestaña Acciones.</p>',
    },
    'news-security': {
      title: 'Protege tu cuenta',
      summary: 'Vincula Google Authenticator y establece una contraseña de pago.',
      content:
        '<p>Nunca te pediremos tu contraseña ni tus códigos de verificación. Vincula Google Authenticator y establece una contraseña de pago en Ajustes → Seguridad.</p>',
    },
    'news-maintenance': {
      title: 'Completada: actualización del monedero',
      summary: 'Depósitos y retiros funcionan con normalidad.',
      content:
        '<p>La actualización programada del monedero ha finalizado. Los depósitos y retiros en todas las redes funcionan con normalidad.</p>',
    },
  },
  faq: {
    title: 'Preguntas frecuentes',
    entries: [
      {
        q: '¿Cómo me registro?',
        a: `Introduce tu correo o número de móvil, solicita un código de 6 dígitos, introdúcelo y elige una contraseña de al menos ${PASSWORD_RULE.min} caracteres con letras y dígitos.`,
      },
      {
        q: '¿Por qué no ha llegado mi depósito?',
        a: 'Los depósitos se abonan cuando la red los confirma. Las recargas con comprobante se abonan tras la revisión.',
      },
      {
        q: '¿Qué comisiones hay?',
        a: 'BTC/USDT spot no tiene comisión. Los demás pares aplican la tasa que se muestra en la página de trading.',
      },
      {
        q: '¿Cómo se liquidan las opciones por segundos?',
        a: 'Al vencimiento se compara el precio de mercado con tu precio de compra; el resultado y los precios usados aparecen en la orden.',
      },
      {
        q: '¿Cómo restablezco mi contraseña?',
        a: 'En la página de inicio de sesión elige «¿Olvidaste la contraseña?», solicita un código y establece una nueva contraseña. Se cerrarán todas las sesiones.',
      },
    ],
  },
  contactus: {
    title: 'Contacto',
    body: '<p>Atención al cliente: abre el chat desde la página de inicio, 24/7.</p><p>Correo: support@example.com</p><p>Empresas: business@example.com</p>',
  },
  aboutus: {
    title: 'Sobre nosotros',
    body: '<p>Creamos una app móvil para operar criptomonedas, contratos, opciones por segundos y acciones, con copy trading, productos financieros y un mercado de NFT.</p><p>Los precios vienen del feed de mercado; cada cambio de saldo queda registrado y cada liquidación guarda los precios que usó.</p>',
  },
  operational_compliance: {
    title: 'Libro blanco',
    body: '<h3>1. Propósito</h3><p>Una plataforma de trading minorista con reglas transparentes.</p><h3>2. Integridad</h3><p>Los resultados siguen solo al mercado y a las reglas publicadas. El operador no puede alterar precios ni pagos.</p><h3>3. Custodia</h3><p>Los saldos se guardan por tipo de cuenta con un registro completo; cada usuario puede revisar todos sus movimientos en sus extractos.</p><h3>4. Cumplimiento</h3><p>Verificación de identidad por niveles; los retiros y las ventas de NFT los revisa atención al cliente.</p>',
  },
  menu: {
    recharge: 'Depositar',
    withdraw: 'Retirar',
    copytrade: 'Copy trading',
    seconds: 'Opciones',
    invest: 'Inversión dual',
    lockming: 'Minería fija',
    ieo: 'IEO',
    nft: 'NFT',
    otc: 'OTC',
    borrowing: 'Préstamos',
    game: 'Minijuego',
    kefu: 'Atención',
  },
};
