import { CHILDREN_PRIVACY_AGE, storageKeys } from '../../domain/constants.ts';
import { Card } from '../../ui/index.ts';
import { companyLineEs, companyName, type LegalContext, type LegalText } from './LegalDocument.tsx';
import * as styles from './legal.css.ts';

/*
 * The privacy policy in Spanish: a translation for the family's convenience; the English
 * (PrivacyPolicy.tsx) is the binding text, and the page says so above it (LegalDocument.tsx).
 *
 * Register: tú, as everywhere in FamJam (docs/i18n.md), not an impersonal legal register: the
 * English speaks to the reader ("you can ask us to…"), the notice above it says tú, and mixing
 * two registers on one page reads as two authors. Neutral Latin American Spanish.
 *
 * When the English changes, translate the change here and set `translationOf` to the English's
 * new effective date; until then Spanish readers get the English, with a notice saying so.
 */
export function privacyPolicyEs(context: LegalContext): LegalText {
  const { product, company, supportEmail } = context;
  const companyLine = companyLineEs(context);

  const sections: LegalText['sections'] = [
    {
      id: 'information-we-collect',
      heading: 'Información que recopilamos',
      body: (
        <>
          <p>
            Solo recopilamos lo que necesitamos para encontrar buenos planes cerca de ti. Una parte
            nos la das tú, otra llega de los servicios que decides conectar y una pequeña parte se
            genera automáticamente cuando usas {product}.
          </p>
          <h3>Información que nos das</h3>
          <ul>
            <li>
              <strong>Datos de la cuenta:</strong> tu correo electrónico y tu contraseña (la
              contraseña la gestiona nuestro proveedor de identidad y nosotros nunca la guardamos),
              o tu nombre, correo y foto de perfil cuando inicias sesión con Google.
            </li>
            <li>
              <strong>Tu perfil familiar:</strong> las respuestas que das durante la configuración,
              como tu rango de edad, con quién sueles salir (por ejemplo, con niños pequeños o con
              adolescentes), tus tipos de música favoritos y tu zona. Preguntamos por grupos de
              edad, nunca por el nombre ni el cumpleaños de cada niño.
            </li>
            <li>
              <strong>Ubicación:</strong> el lugar que escribes, o las coordenadas de tu dispositivo
              cuando tocas el botón para detectar tu ubicación. Se las pedimos a tu navegador cada
              vez; no rastreamos tu ubicación en segundo plano.
            </li>
            <li>
              <strong>Lo que creas:</strong> los eventos que guardas, las encuestas familiares que
              creas y una foto de perfil opcional.
            </li>
          </ul>
          <h3>Información de los servicios que conectas</h3>
          <p>
            Si conectas un servicio de música en streaming, este comparte los datos que apruebas en
            su pantalla de consentimiento, como tus artistas y géneros más escuchados, para que
            podamos sugerirte conciertos que vas a disfrutar. Nunca recibimos tu contraseña de ese
            servicio.
          </p>
          <h3>Información que se recopila automáticamente</h3>
          <ul>
            <li>
              Los datos técnicos que tu navegador envía con cada solicitud: dirección IP, tipo de
              navegador y de dispositivo, idioma y páginas solicitadas, que se guardan en los
              registros del servidor por seguridad y para resolver problemas.
            </li>
            <li>
              La configuración guardada en tu propio dispositivo, como el tema claro u oscuro y el
              modo familiar (Family Safe); consulta «Cookies y almacenamiento local».
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'how-we-use-information',
      heading: 'Cómo usamos tu información',
      body: (
        <ul>
          <li>Para crear y proteger tu cuenta, y mantener tu sesión iniciada.</li>
          <li>
            Para mostrarte eventos, restaurantes y ofertas cerca de tu ubicación, filtrados según tu
            configuración del modo familiar y adaptados a tus preferencias.
          </li>
          <li>Para recordar los eventos que guardas y las encuestas que creas.</li>
          <li>
            Para que {product} siga funcionando: corregir problemas, prevenir abusos y fraudes, y
            medir qué funciones se usan (en conjunto) para poder mejorarlas.
          </li>
          <li>Para responderte cuando nos escribes y avisarte de cambios importantes.</li>
          <li>Para cumplir con nuestras obligaciones legales.</li>
        </ul>
      ),
    },
    {
      id: 'advertising',
      heading: 'Aviso sobre publicidad',
      body: (
        <>
          <p>
            {product} es gratis porque la pantalla de inicio tiene espacios publicitarios. Esos
            espacios los llena un servicio de anuncios externo, no nosotros, y están claramente
            separados de los eventos. Los resultados de eventos nunca se ordenan según quién paga un
            anuncio.
          </p>
          <ul>
            <li>
              Para elegir y medir los anuncios, el servicio de anuncios puede leer o crear sus
              propias cookies o identificadores del dispositivo, y recibir datos técnicos como tu
              dirección IP, el tipo de navegador y la zona general en la que estás.
            </li>
            <li>
              No les damos a los anunciantes tu nombre, tu correo electrónico, tu perfil familiar ni
              tus eventos guardados, y no vendemos tu información personal.
            </li>
            <li>
              Puedes dejar de recibir anuncios personalizados cuando quieras: usa la configuración
              de publicidad de tu navegador o de tu dispositivo, la página de configuración de
              anuncios del propio servicio, o pídenoslo y solicitaremos anuncios no personalizados
              para tu cuenta. Seguirás viendo anuncios, pero no se basarán en tus intereses.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'sharing',
      heading: 'Cómo compartimos la información',
      body: (
        <>
          <p>Solo compartimos información personal en estos casos:</p>
          <ul>
            <li>
              <strong>Proveedores de servicios</strong> que operan partes de {product} para nosotros
              bajo contrato, como el alojamiento, nuestro proveedor de identidad para iniciar sesión
              y nuestro proveedor de base de datos. Solo pueden usar los datos para prestarnos su
              servicio.
            </li>
            <li>
              <strong>Servicios que decides usar</strong>, como un servicio de música que conectas,
              un sitio de boletos que abres o una app de mapas a la que le pides indicaciones.
            </li>
            <li>
              <strong>El servicio de anuncios</strong>, solo con los datos técnicos descritos en el
              «Aviso sobre publicidad».
            </li>
            <li>
              <strong>Cuando la ley lo exige</strong>, o para proteger la seguridad de nuestros
              usuarios o del público.
            </li>
            <li>
              <strong>Si nuestra empresa cambia de dueño</strong>, en cuyo caso esta política se
              sigue aplicando a tu información y te avisaremos antes de que cambie algo.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'childrens-privacy',
      heading: 'Privacidad de los niños',
      body: (
        <>
          <p>
            {product} ayuda a madres, padres y otros adultos a planear salidas en familia. Las
            cuentas son para adultos. No recopilamos a sabiendas información personal de niños
            menores de {CHILDREN_PRIVACY_AGE} años sin el consentimiento verificable de su madre,
            padre o tutor, y nuestro perfil familiar solo pide grupos de edad, nunca el nombre, la
            foto ni la fecha de nacimiento de un niño.
          </p>
          <p>
            Si crees que un niño menor de {CHILDREN_PRIVACY_AGE} años nos dio información personal
            sin el consentimiento de su madre, padre o tutor, escríbenos a {supportEmail}. La
            borraremos de inmediato y cerraremos cualquier cuenta creada sin consentimiento.
          </p>
        </>
      ),
    },
    {
      id: 'your-rights',
      heading: 'Tus derechos y opciones',
      body: (
        <>
          <p>Vivas donde vivas, puedes pedirnos que hagamos lo siguiente:</p>
          <ul>
            <li>
              <strong>Acceso:</strong> darte la información personal que tenemos sobre ti.
            </li>
            <li>
              <strong>Corrección:</strong> corregir la información incorrecta o desactualizada.
            </li>
            <li>
              <strong>Eliminación:</strong> borrar tu cuenta y la información personal vinculada a
              ella.
            </li>
            <li>
              <strong>Exportación:</strong> entregarte tu información en un formato común que se
              pueda leer por computadora.
            </li>
            <li>
              <strong>Retiro del consentimiento:</strong> dejar de usar lo que aceptaste antes, por
              ejemplo la detección de tu ubicación o un servicio de música conectado, sin que eso
              afecte lo que ya ocurrió.
            </li>
            <li>
              <strong>Publicidad no personalizada:</strong> mostrarte anuncios que no se basen en
              tus intereses, como se explica en el «Aviso sobre publicidad».
            </li>
            <li>
              <strong>Oposición o limitación:</strong> dejar de usar tu información para ciertos
              fines, o usarla solo de forma limitada.
            </li>
          </ul>
          <p>
            Escribe a {supportEmail} para ejercer cualquiera de estos derechos. Confirmaremos que la
            solicitud viene de ti y te responderemos en un plazo de 30 días. Ejercer tus derechos
            nunca te costará nada ni cambiará el servicio que recibes. También puedes presentar una
            queja ante la autoridad de protección de datos de tu país.
          </p>
        </>
      ),
    },
    {
      id: 'cookies',
      heading: 'Cookies y almacenamiento local',
      body: (
        <>
          <p>
            {product} no usa cookies propias para rastrearte. Guarda algunas cosas en el
            almacenamiento de tu navegador para que la app funcione bien:
          </p>
          <ul>
            <li>Tu sesión iniciada, que guarda nuestro proveedor de identidad.</li>
            <li>
              El tema que elegiste (<code>{storageKeys.theme}</code>), tu configuración del modo
              familiar (<code>{storageKeys.familyMode}</code>) y tu ubicación.
            </li>
            <li>
              Tus eventos guardados y una copia de los eventos y restaurantes que cargaste hace
              poco, para que puedas seguir explorando sin conexión.
            </li>
          </ul>
          <p>
            Al cerrar sesión, se borran del dispositivo la copia de tu perfil, tus eventos guardados
            y los listados guardados en caché, y el modo familiar se vuelve a activar. Puedes
            borrarlo todo cuando quieras desde la configuración de tu navegador. El servicio de
            anuncios de la pantalla de inicio puede crear sus propias cookies, como se explica más
            arriba.
          </p>
        </>
      ),
    },
    {
      id: 'retention',
      heading: 'Conservación de los datos',
      body: (
        <ul>
          <li>Información de la cuenta y del perfil: mientras tu cuenta esté abierta.</li>
          <li>
            Después de que nos pidas borrar tu cuenta: se elimina de nuestros sistemas en uso en un
            plazo de 30 días y de las copias de seguridad en los 60 días siguientes.
          </li>
          <li>Registros del servidor: se guardan hasta 90 días y después se borran.</li>
          <li>
            Información guardada en tu dispositivo: hasta que cierres sesión o borres el
            almacenamiento de tu navegador.
          </li>
          <li>
            Solo conservamos información por más tiempo cuando la ley lo exige, y en ese caso solo
            la necesaria.
          </li>
        </ul>
      ),
    },
    {
      id: 'security',
      heading: 'Seguridad',
      body: (
        <p>
          Protegemos tu información con cifrado en tránsito, controles de acceso que permiten que
          cada cuenta lea solo sus propios datos y un manejo cuidadoso de los tokens de inicio de
          sesión. Ningún sistema es perfectamente seguro, así que usa una contraseña segura y única,
          y avísanos de inmediato si notas algo raro.
        </p>
      ),
    },
    {
      id: 'changes',
      heading: 'Cambios en esta política',
      body: (
        <p>
          Si cambiamos esta política, actualizaremos la fecha de «Última actualización» que aparece
          arriba. Si un cambio afecta la forma en que usamos tu información, te avisaremos en la app
          o por correo electrónico antes de que entre en vigor.
        </p>
      ),
    },
    {
      id: 'contact',
      heading: 'Contáctanos',
      body: (
        <Card tone="accent" elevated={false} className={styles.contactCard}>
          <p>
            ¿Tienes preguntas sobre privacidad o quieres hacer una solicitud sobre tus datos?
            Escríbenos:
          </p>
          <p>{supportEmail}</p>
          <p>
            {companyLine} Como proveedor, {companyName(company)} es responsable de la información
            personal que se describe en esta política.
          </p>
        </Card>
      ),
    },
  ];

  return {
    lang: 'es',
    title: 'Política de privacidad',
    summary: `Esta política explica qué información recopila ${product}, para qué, con quién la compartimos y qué opciones tienes. La escribimos para que la leas, no para que la pases por alto.`,
    effectiveDate: '15 de enero de 2025',
    lastUpdated: '15 de enero de 2025',
    companyLine,
    sections,
    translationOf: 'January 15, 2025',
  };
}
