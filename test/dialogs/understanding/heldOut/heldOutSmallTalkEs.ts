/**
 * FROZEN HELD-OUT SET (endings and out-of-topic requests only), Spanish (es-ES), second edition. Written blind on 2026-11-29, before the tuning it measures,
 * by someone who never saw the matcher, its vocabulary, the sample casebases, the tuning sets or any earlier held-out set.
 * Never tune on these messages, never add to them or edit them to make a figure pass; if they ever
 * inform tuning, retire this file to the tuning side and write a new one.
 * Labels: 'ending', 'offTopic', 'person'.
 */
import type { HeldOutMessage } from './heldOutMessage.js';

export const HELD_OUT_SMALL_TALK_ES: readonly HeldOutMessage[] = Object.freeze([
  { text: 'Hola buenas', expect: 'ending' },
  { text: 'muchas gracias!!', expect: 'ending' },
  { text: 'vale, gracias, hasta luego', expect: 'ending' },
  { text: 'Eso es todo, gracias por la ayuda', expect: 'ending' },
  { text: 'ya funciona, mil gracias 🙏', expect: 'ending' },
  { text: 'nada mas, un saludo', expect: 'ending' },
  { text: 'Buenos días', expect: 'ending' },
  { text: 'perfecto, solucionado. Gracias', expect: 'ending' },
  { text: 'adios', expect: 'ending' },
  { text: 'ok genial, que tengas buen dia', expect: 'ending' },
  { text: 'Buenas tardes, gracias por atenderme. Ya está todo resuelto', expect: 'ending' },
  { text: 'grcias', expect: 'ending' },
  { text: 'no necesito nada más, chao', expect: 'ending' },
  { text: 'Estupendo, ya me va. Hasta otra!', expect: 'ending' },
  { text: 'Por qué me habéis cobrado dos veces la factura de este mes?', expect: 'offTopic' },
  { text: 'quiero darme de baja de Movistar', expect: 'offTopic' },
  { text: 'Cuándo me llega el pedido? el número de seguimiento no funciona', expect: 'offTopic' },
  { text: 'me mudo a Valencia el mes que viene, cómo hago el traslado de la línea?', expect: 'offTopic' },
  { text: 'cuanto cuesta la tarifa de móvil con gigas ilimitados', expect: 'offTopic' },
  { text: 'Hola, a qué hora abre la tienda de Vodafone de Gran Vía?', expect: 'offTopic' },
  { text: 'quiero que me devolvais el dinero de la permanencia', expect: 'offTopic' },
  { text: 'Tenéis alguna oferta de fibra y móvil para clientes nuevos?', expect: 'offTopic' },
  { text: 'cómo cambio la cuenta bancaria donde se cargan los recibos', expect: 'offTopic' },
  { text: 'Quiero añadir los canales de fútbol a mi paquete de televisión', expect: 'offTopic' },
  { text: 'me ha llegado un cargo que no reconozco de 15 euros', expect: 'offTopic' },
  { text: 'Quisiera cambiar el titular del contrato a nombre de mi mujer', expect: 'offTopic' },
  { text: 'puedo hacer la portabilidad de mi número de Orange a Digi?', expect: 'offTopic' },
  { text: 'Necesito un duplicado de la tarjeta SIM, la he perdido', expect: 'offTopic' },
  { text: 'Quiero hablar con un agente', expect: 'person' },
  { text: 'me podéis llamar por teléfono? 612 345 678', expect: 'person' },
  { text: 'pásame con una persona de verdad por favor', expect: 'person' },
  { text: 'Buenas, prefiero que me atienda un operador humano', expect: 'person' },
]);
