import { CHILDREN_PRIVACY_AGE } from '../../domain/constants.ts';
import { Card, TextLink } from '../../ui/index.ts';
import { companyLineEs, type LegalContext, type LegalText } from './LegalDocument.tsx';
import * as styles from './legal.css.ts';

/*
 * The terms in Spanish: a translation for the family's convenience; the English
 * (TermsOfService.tsx) is the binding text, and the page says so above it (LegalDocument.tsx).
 *
 * Register: tú, as everywhere in FamJam (docs/i18n.md) and in the Spanish privacy policy, not an
 * impersonal legal register: the English speaks to the reader ("you agree not to…"), and one
 * page in two registers reads as two authors. Neutral Latin American Spanish ('boletos',
 * 'reservación').
 *
 * When the English changes, translate the change here and set `translationOf` to the English's
 * new effective date; until then Spanish readers get the English, with a notice saying so.
 */
export function termsOfServiceEs(context: LegalContext): LegalText {
  const { product, company, supportEmail } = context;

  const sections: LegalText['sections'] = [
    {
      id: 'acceptance',
      heading: 'Aceptación de estos términos',
      body: (
        <p>
          Estos términos son un acuerdo entre tú y {company} («nosotros») sobre tu uso de {product}.
          Al crear una cuenta o usar {product}, los aceptas, junto con nuestra{' '}
          <TextLink to="/privacy-policy">Política de privacidad</TextLink>. Si no estás de acuerdo,
          no uses {product}.
        </p>
      ),
    },
    {
      id: 'eligibility',
      heading: `Quién puede usar ${product}`,
      body: (
        <p>
          {product} es para adultos que planean salidas para sí mismos y para su familia. Para crear
          una cuenta, debes tener la edad necesaria para firmar un contrato vinculante donde vives.
          Los menores de {CHILDREN_PRIVACY_AGE} años no pueden crear cuentas, pero son bienvenidos a
          disfrutar los eventos que su madre, padre o tutor encuentre con {product}.
        </p>
      ),
    },
    {
      id: 'accounts',
      heading: 'Tu cuenta',
      body: (
        <ul>
          <li>Da información correcta al registrarte y mantenla actualizada.</li>
          <li>
            No compartas tu contraseña. Eres responsable de lo que pase en tu cuenta, así que
            avísanos de inmediato si crees que alguien más la usó.
          </li>
          <li>
            Si inicias sesión con Google, los términos de ese servicio también se aplican al inicio
            de sesión.
          </li>
          <li>
            Puedes dejar de usar {product} cuando quieras y pedirnos que borremos tu cuenta
            escribiendo a {supportEmail}.
          </li>
        </ul>
      ),
    },
    {
      id: 'acceptable-use',
      heading: 'Uso aceptable',
      body: (
        <>
          <p>Ayúdanos a que {product} siga siendo un lugar amable y seguro. Te comprometes a no:</p>
          <ul>
            <li>infringir la ley ni ayudar a nadie a hacerlo;</li>
            <li>
              acosar, amenazar o engañar a otras personas, tampoco mediante las encuestas que
              compartes;
            </li>
            <li>
              subir como foto de perfil o en una encuesta nada ofensivo, dañino o que infrinja los
              derechos de otros;
            </li>
            <li>hacerte pasar por otra persona ni crear cuentas para otros sin su permiso;</li>
            <li>
              copiar listados de forma masiva, extraer datos del servicio (scraping) ni usar bots
              para acceder a él fuera del uso normal;
            </li>
            <li>
              sondear, sobrecargar o interferir con los sistemas o la seguridad de {product}, ni
              intentar acceder a los datos de otra persona.
            </li>
          </ul>
          <p>
            Podemos suspender o cerrar las cuentas que no cumplan estas reglas, y te diremos por
            qué, salvo que la ley o la seguridad lo impidan.
          </p>
        </>
      ),
    },
    {
      id: 'event-information',
      heading: 'La información de los eventos viene de terceros',
      body: (
        <>
          <p>
            {product} no organiza los eventos que muestra. Los listados, fechas, horarios, lugares,
            precios, enlaces para comprar boletos, edades recomendadas y ofertas vienen de
            organizadores, lugares, servicios de venta de boletos y otros terceros. Los mostramos de
            buena fe, pero no podemos comprobar cada detalle, y pueden cambiar con poca
            anticipación.
          </p>
          <p>
            <strong>
              Confirma siempre los detalles con el organizador o el lugar antes de ir o de comprar
              boletos.
            </strong>{' '}
            El modo familiar (Family Safe) y las etiquetas «Apto para familias» son una guía basada
            en la información que recibimos, no una garantía; tú sabes mejor que nadie qué le
            conviene a tu familia. Los precios de las ofertas son aproximados y se aplica el precio
            final del vendedor.
          </p>
        </>
      ),
    },
    {
      id: 'third-party-services',
      heading: 'Servicios de terceros y publicidad',
      body: (
        <p>
          {product} enlaza con servicios que operan otros y funciona con ellos, como vendedores de
          boletos, mapas, servicios de música en streaming, sitios de reservaciones de restaurantes
          y el servicio cuyos anuncios aparecen en la pantalla de inicio. Cuando los usas, se
          aplican sus propios términos y políticas de privacidad, y no somos responsables de su
          contenido, sus productos ni su disponibilidad. Comprar boletos o hacer una reservación es
          un acuerdo entre tú y ese proveedor.
        </p>
      ),
    },
    {
      id: 'your-content',
      heading: 'Tu contenido',
      body: (
        <p>
          Lo que agregas, como las encuestas y tu foto de perfil, sigue siendo tuyo. Nos das permiso
          para guardarlo y mostrarlo solo en la medida necesaria para que {product} funcione para ti
          y para las personas con quienes lo compartes. Confirmas que tienes derecho a compartirlo.
        </p>
      ),
    },
    {
      id: 'our-service',
      heading: 'Nuestro servicio y propiedad intelectual',
      body: (
        <p>
          El nombre, el logotipo, el diseño y el software de {product} pertenecen a {company} o a
          quienes le otorgan licencias. Te damos un derecho personal e intransferible para usar{' '}
          {product} según estos términos. Trabajamos para que esté disponible y para mejorarlo, pero
          podemos cambiar, pausar o dejar de ofrecer funciones, y avisaremos con una anticipación
          razonable de los cambios importantes cuando sea posible.
        </p>
      ),
    },
    {
      id: 'disclaimer',
      heading: 'Exención de responsabilidad',
      body: (
        <p>
          {product} se ofrece «tal cual» y «según disponibilidad». En la medida en que la ley lo
          permita, no garantizamos que funcione sin interrupciones ni errores, ni que los listados y
          la información de terceros sean exactos, completos o actuales.
        </p>
      ),
    },
    {
      id: 'liability',
      heading: 'Limitación de responsabilidad',
      body: (
        <>
          <p>
            En la medida en que la ley lo permita, {company} no es responsable de pérdidas
            indirectas, incidentales o consecuentes, ni de pérdidas causadas por eventos, lugares,
            boletos, ofertas o servicios de terceros, incluidos los eventos cancelados o
            modificados. Nuestra responsabilidad total por cualquier reclamo relacionado con{' '}
            {product} se limita a la cantidad mayor entre lo que nos hayas pagado en los doce meses
            anteriores al reclamo y 50 dólares estadounidenses.
          </p>
          <p>
            Nada en estos términos limita la responsabilidad que la ley no permite limitar, como en
            casos de fraude o de muerte o lesiones personales causadas por negligencia, ni tus
            derechos como consumidor.
          </p>
        </>
      ),
    },
    {
      id: 'changes',
      heading: 'Cambios en estos términos',
      body: (
        <p>
          Podemos actualizar estos términos a medida que {product} crezca. Cambiaremos la fecha de
          «Última actualización» que aparece arriba y, si los cambios son importantes, te avisaremos
          en la app o por correo electrónico antes de que entren en vigor. Si sigues usando{' '}
          {product} después de eso, se aplicarán los nuevos términos; si no estás de acuerdo, puedes
          cerrar tu cuenta.
        </p>
      ),
    },
    {
      id: 'contact',
      heading: 'Contáctanos',
      body: (
        <Card tone="accent" elevated={false} className={styles.contactCard}>
          <p>¿Tienes preguntas sobre estos términos? Con gusto te ayudamos:</p>
          <p>{supportEmail}</p>
          <p>{companyLineEs(context)}</p>
        </Card>
      ),
    },
  ];

  return {
    lang: 'es',
    title: 'Términos del servicio',
    summary: `Las reglas básicas para usar ${product}: qué puedes esperar de nosotros, qué te pedimos y por qué siempre debes confirmar los detalles de los eventos con el organizador.`,
    effectiveDate: '15 de enero de 2025',
    lastUpdated: '15 de enero de 2025',
    companyLine: companyLineEs(context),
    sections,
    translationOf: 'January 15, 2025',
  };
}
