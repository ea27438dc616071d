"""El plan de unidad en español: títulos, clases, boletos de salida, rúbrica, prueba corta,
hoja de las monedas y carta a las familias.

Aquí solo van las oraciones; los minutos y las respuestas calculadas están en
:mod:`hoyito_edu.teaching.unit`.
"""

WORDS = {
    # nombres de archivo y títulos
    "plan_title": "El Hoyito en la clase de matemática: plan de unidad",
    "plan_file": "plan_de_unidad.pdf",
    "tickets_title": "Boletos de salida",
    "tickets_file": "boletos_de_salida.pdf",
    "tickets_key_title": "Boletos de salida: respuestas para el docente",
    "tickets_key_file": "boletos_de_salida_respuestas.pdf",
    "rubric_title": "Rúbrica de las respuestas escritas (1c, 3d, actividad 7)",
    "rubric_file": "rubrica.pdf",
    "quiz_title": "Prueba corta: sembrar, casas y azar",
    "quiz_file": "prueba_corta.pdf",
    "quiz_key_title": "Prueba corta: respuestas para el docente",
    "quiz_key_file": "prueba_corta_respuestas.pdf",
    "coins_title": "El azar con monedas de verdad",
    "coins_file": "el_azar_con_monedas.pdf",
    "letter_title": "Carta a las familias",
    "letter_file": "carta_a_las_familias.pdf",
    # el plan
    "plan_subtitle": (
        "Para estudiantes de secundaria de 14 a 17 años y su profesor o profesora, en clases de "
        "{period} minutos. Cada clase suma exactamente {period} minutos; los tiempos son "
        "sugerencias nuestras, no resultados de un estudio."
    ),
    "plan_intro": (
        "La unidad usa los cuadernos del paquete hoyito_edu (el recorrido para estudiantes: 01, "
        "02s, 03 y 06) y sus hojas para imprimir. Escoge la secuencia de 3 clases si tienes una "
        "semana, y la de 6 clases si tienes dos. Cada clase trae su meta, la matemática que se "
        "practica, los materiales, lo que necesita pantalla (un proyector o computadoras) y lo "
        "que solo necesita papel, y los minutos de cada momento. Todas las clases terminan con "
        "un boleto de salida (el archivo {tickets}); las respuestas están en {tickets_key}. Las "
        "actividades que en los cuadernos pasaban de una clase aquí están divididas: la "
        "actividad 2 (dónde cae la última semilla) entre las clases 2 y 3 de la secuencia de 6, "
        "la actividad 4 (el azar) entre las clases 4 y 5, y el cuaderno 07 en dos clases de "
        "ampliación."
    ),
    "curriculum_heading": "El currículo",
    "curriculum": (
        "Aquí no se pudo citar ningún documento del currículo de matemática de secundaria de la "
        "República Dominicana: las fuentes que tiene este proyecto no incluyen ninguno, y no "
        "nombramos competencias, códigos ni indicadores que no podamos citar. Te pedimos que "
        "tú misma o tú mismo relaciones cada clase con las competencias y los indicadores "
        "de logro del currículo vigente del MINERD para tu grado. En cada clase, la línea "
        "\u00abMatemática\u00bb dice con nuestras palabras lo que se practica, para ayudarte "
        "a encontrarlos, y deja una línea para que los escribas."
    ),
    "glance_heading": "Pantalla y papel de un vistazo",
    "glance_note": (
        "Para cada clase: los minutos que necesitan pantalla (un proyector o computadoras), y "
        "después los minutos que solo necesitan papel, fichas o monedas."
    ),
    "sequences_heading": "Las dos secuencias",
    "three_heading": "Secuencia de 3 clases (una semana)",
    "three_note": (
        "Jugar, contar alrededor del tablero y conocer el azar con monedas y después con la "
        "computadora. Los relevos, las casas y la actividad con la comunidad quedan fuera, o "
        "como ampliación."
    ),
    "six_heading": "Secuencia de 6 clases (dos semanas)",
    "six_note": (
        "En la clase 1, envía a la casa la carta a las familias y la hoja de la comunidad "
        "({community_file}): las entrevistas se traen para la clase 6. La pregunta 3d es tarea "
        "después de la clase 3."
    ),
    "extensions_heading": "Clases de ampliación (una clase cada una)",
    "extensions_note": (
        "Para un curso con más tiempo: el cuaderno 01 completo, la actividad 5 (un reto de "
        "estrategia), la actividad 6 (las partidas de la clase, después de una clase de juego "
        "con la hoja de registro) y el cuaderno 07 en dos clases."
    ),
    "files_heading": "Qué imprimir",
    "files": (
        "Ejecuta python -m hoyito_edu.teaching.unit CARPETA --lang es (este plan y sus hojas) y "
        "python -m hoyito_edu.teaching.worksheets (la hoja de trabajo de las actividades 1 a 3, "
        "sus respuestas, los tableros vacíos, la hoja de registro y la hoja de la comunidad). "
        "Para cada estudiante: la hoja de trabajo, un boleto de salida por clase, la hoja de las "
        "monedas y la prueba corta; para cada pareja: una hoja de tableros vacíos, 48 "
        "habichuelas, piedritas o tapitas, y una moneda; para cada familia: la carta."
    ),
    "lesson_label": "Clase {number}",
    "extension_label": "Ampliación",
    "minutes": "{minutes} min",
    "goal": "Meta",
    "maths": "Matemática",
    "curriculum_row": "Currículo",
    "curriculum_line": "Competencias del MINERD (escríbelas tú): ",
    "materials": "Materiales",
    "needs_screen": "Pantalla",
    "needs_paper": "Solo papel",
    "blocks": "Minuto a minuto",
    "screen": "pantalla",
    "paper": "papel",
    "total": "En total: {minutes} minutos.",
    "homework": "Tarea",
    "ticket_ref": "Boleto de salida: página {page} de {file}.",
    "in_sequences": "Se usa en: {where}.",
    "seq_three": "la secuencia de 3 clases (clase {number})",
    "seq_six": "la secuencia de 6 clases (clase {number})",
    "seq_extension": "una clase de ampliación",
    "and": " y ",
    # boletos de salida, prueba corta
    "name_line": "Nombre: ____________________   Curso: ______   Fecha: ________",
    "ticket_intro": (
        "Contesta antes de salir del aula. El boleto no lleva nota: le dice a tu profesor o "
        "profesora qué repasar la próxima vez."
    ),
            "answer": "Respuesta: ",
    "key_intro": (
        "Cada respuesta que es un conteo o un hoyo la calcula el motor de hoyito_edu a partir "
        "del tablero de la pregunta; las demás son respuestas modelo nuestras."
    ),
    "quiz_intro": (
        "Contesta todas las preguntas. Donde una pregunta muestra un tablero, los hoyos están "
        "numerados como en la hoja de trabajo: la fila del Sur del 0 al 5 de izquierda a "
        "derecha, la fila del Norte del 6 al 11 de derecha a izquierda."
    ),
    "quiz_key_intro": (
        "Los conteos y los hoyos de abajo los calcula el motor de hoyito_edu; la proporción de "
        "experimentos con monedas se calcula exactamente a partir del número de lanzamientos."
    ),
    "quiz_total": "En total: {points} puntos.",
    "points": "({points} puntos)",
    # rúbrica
    "rubric_intro": (
        "Sirve para las respuestas escritas 1c y 3d (la hoja de trabajo de las actividades 1 a "
        "3) y para la actividad con la comunidad (actividad 7). Lee la respuesta completa antes "
        "de valorarla; una respuesta corta que está bien y explica el porqué llega al nivel más "
        "alto. Las respuestas modelo de 1c y 3d están en la hoja del docente "
        "(respuestas_docente.pdf)."
    ),
    "levels": ("Completo (3)", "Parcial (2)", "Inicial (1)", "Todavía no (0)"),
    "criterion": "Qué buscar",
}

LESSONS = {
    "play": {
        "title": "Jugar Hoyito",
        "goal": (
            "Los estudiantes conocen las reglas del Hoyito I y del Ba-awa, juegan una partida "
            "completa en un tablero de papel y saben decir quién se lleva una casa en cada juego."
        ),
        "maths": "seguir un procedimiento paso a paso; contar; comparar dos reglamentos.",
        "materials": (
            "Proyector y la computadora del docente con el cuaderno 02s; para cada pareja: una "
            "hoja de tableros vacíos (tableros_vacios.pdf) y 48 habichuelas, piedritas o "
            "tapitas; boletos de salida."
        ),
        "screen": "Las reglas, desde el cuaderno 02s en el proyector.",
        "paper": "Las partidas, en tableros de papel; el boleto de salida.",
        "blocks": (
            "Inicio: pregunta quién ha visto un juego con semillas en dos filas de hoyos, y "
            "escribe en la pizarra los nombres que conoce la clase.",
            "Las reglas del cuaderno 02s en el proyector, secciones 1 a 3: lo que comparten los "
            "dos juegos, quién se lleva un cuatro, cómo termina una partida. La clase contesta "
            "primero en papel la pregunta de \u00abTe toca a ti\u00bb.",
            "Jugar Hoyito I en parejas en los tableros de papel, hasta el final de una partida. "
            "Las parejas que terminan antes juegan Ba-awa. Una pareja con computadora puede "
            "jugar en el cuaderno 03.",
            "Boleto de salida.",
        ),
        "homework": "",
        "ticket": (
            (
                "En el Hoyito I, ¿quién se lleva un hoyo que llega a cuatro semillas exactas en "
                "medio de la siembra? ¿Y en el Ba-awa?",
                "En el Hoyito I, el jugador que está jugando. En el Ba-awa, el dueño del hoyo.",
            ),
            (
                "Al empezar una partida, cada hoyo tiene cuatro semillas. ¿Cuántas semillas hay "
                "en el tablero?",
                "{total} semillas ({holes} hoyos con 4 cada uno).",
            ),
        ),
    },
    "division": {
        "title": "Sembrar es dividir; dónde cae la última semilla",
        "goal": (
            "Los estudiantes escriben una siembra como pasadas completas más un residuo, y "
            "encuentran el hoyo donde cae la última semilla de una tanda contando alrededor de "
            "un anillo de doce hoyos."
        ),
        "maths": "la división con residuo; contar alrededor de un círculo (el residuo como una "
                 "posición).",
        "materials": (
            "Proyector con el cuaderno 06 (actividad 1, figura 1); la hoja de trabajo "
            "(actividades 1 y 2, hoja_de_trabajo.pdf); fichas para las parejas que las quieran; "
            "boletos de salida."
        ),
        "screen": "La figura 1 de la actividad 1 en el proyector; comprobar respuestas con "
                  "check() si hay computadoras.",
        "paper": "Las preguntas 1a a 1c y 2a a 2d en la hoja de trabajo; el boleto de salida.",
        "blocks": (
            "Inicio: siembra un puñado grande en un tablero dibujado, frente a la clase. ¿Qué "
            "pasa cuando hay más semillas que hoyos?",
            "Actividad 1: la figura 1 en el proyector, luego 1a, 1b y la respuesta escrita 1c en "
            "la hoja de trabajo, en parejas.",
            "Actividad 2, una sola tanda: de la 2a a la 2d en la hoja de trabajo, contando en el "
            "anillo dibujado; las parejas comparan sus respuestas y, donde no coinciden, lo "
            "siembran con fichas.",
            "Boleto de salida.",
        ),
        "homework": "",
        "ticket": (
            (
                "Siembras {seeds} semillas alrededor de un tablero de {holes} hoyos. ¿Cuántas "
                "semillas recibe cada hoyo, y cuántos hoyos reciben una semilla más?",
                "{answer}: {working}",
            ),
            (
                "En un tablero vacío de {holes} hoyos se siembran {seeds} semillas desde el hoyo "
                "{start}. ¿En qué hoyo cae la última semilla?",
                "{answer}: {working}",
            ),
        ),
    },
    "relays": {
        "title": "Una regla para todos los casos; relevos y casas",
        "goal": (
            "Los estudiantes escriben la regla (h + s) mod 12 para una tanda, siguen tanda por "
            "tanda una jugada con relevos y cuentan las casas que se come una jugada con dos "
            "reglamentos."
        ),
        "maths": "una regla general con el residuo (aritmética modular); seguir un proceso de "
                 "varios pasos; cómo un cambio en una regla cambia el resultado.",
        "materials": (
            "Computadoras o el proyector con el cuaderno 06 (pregunta 2e); la hoja de trabajo "
            "(preguntas 2e a 3c); fichas; boletos de salida."
        ),
        "screen": "Probar la regla de la 2e como una función de Python (una computadora por "
                  "grupo, o el proyector).",
        "paper": "Las preguntas 2f, 2g y 3a a 3c en la hoja de trabajo, con los tableros de cada "
                 "tanda; el boleto de salida.",
        "blocks": (
            "Inicio: una pregunta del último boleto de salida, contestada entre todos.",
            "Pregunta 2e: escribir la regla para cualquier número de semillas s y cualquier "
            "hoyo de salida h, y luego probarla como función en el proyector.",
            "Relevos: la 2f y el reto 2g en la hoja de trabajo, dibujando el tablero después de "
            "cada tanda.",
            "Casas: de la 3a a la 3c en la hoja de trabajo, la misma jugada con el Hoyito I, el "
            "Ba-awa y el Hoyito III. Deja la 3d (por qué las semillas del tablero son siempre un "
            "múltiplo de cuatro) de tarea.",
            "Boleto de salida.",
        ),
        "homework": "La pregunta 3d, escrita en dos o tres oraciones (se valora con la rúbrica).",
        "ticket": (
            (
                "En el Hoyito I, el Sur siembra el hoyo {start} ({seeds} semillas) en el tablero "
                "A. ¿Dónde cae la última semilla de toda la jugada?",
                "{answer}: {working}",
            ),
            (
                "En el Hoyito I, el Sur siembra el hoyo {start} ({seeds} semillas) en el tablero "
                "B. ¿Cuántas semillas se come el Sur?",
                "{answer}: {working}",
            ),
            (
                "La misma jugada en el tablero B con el Hoyito III: ¿cuántas semillas se come el "
                "Sur?",
                "{answer}: {working}",
            ),
        ),
    },
    "chance-hand": {
        "title": "El azar a mano: monedas y un diagrama de puntos",
        "goal": (
            "Los estudiantes predicen quién gana más a menudo, lanzan una moneda veinte veces en "
            "parejas y construyen el diagrama de puntos de la clase para ver cuánto mueve un "
            "conteo el puro azar."
        ),
        "maths": "probabilidad experimental; la variación entre muestras; un diagrama de puntos, "
                 "su centro y su dispersión.",
        "materials": (
            "Una moneda por pareja; la hoja de las monedas (el_azar_con_monedas.pdf); la pizarra "
            "y tiza o marcadores; el proyector con el cuaderno 06, actividad 4 (solo la primera "
            "tabla); boletos de salida."
        ),
        "screen": "La tabla de diez partidas de Ba-awa al azar (actividad 4, pregunta a), una "
                  "sola vez.",
        "paper": "Las predicciones, los veinte lanzamientos, el diagrama de puntos en la pizarra "
                 "y sus preguntas; el boleto de salida.",
        "blocks": (
            "Predecir: de 100 partidas entre dos jugadores que juegan al azar, ¿cuántas ganará "
            "quien empieza, y cuántas terminarán empatadas? Cada estudiante escribe lo que cree.",
            "Diez partidas de Ba-awa al azar en el proyector (actividad 4, pregunta a): ¿quién "
            "ganó?",
            "Parte A de la hoja de las monedas: cada pareja lanza una moneda veinte veces (cara: "
            "gana quien empieza) y anota cada lanzamiento.",
            "Parte B: cada pareja pone un punto encima de su número de caras en la recta "
            "dibujada en la pizarra. La clase lee el centro y la dispersión de los puntos.",
            "Conversar: ¿a todas las parejas les salió 10? ¿Les sorprendería 14? ¿Y 18? Guarden "
            "una foto o una copia del diagrama para la próxima clase.",
            "Boleto de salida.",
        ),
        "homework": "",
        "ticket": (
            (
                "Tu pareja lanzó una moneda 20 veces. ¿A todas las parejas de la clase les "
                "salieron 10 caras? ¿Por qué no?",
                "No. Cada lanzamiento es azar, así que los conteos de las parejas son distintos; "
                "la mayoría cae cerca de 10 y unos pocos lejos.",
            ),
            (
                "A una pareja le salieron {heads} caras en {tosses} lanzamientos. En el diagrama "
                "de puntos de la clase, ¿cuántas parejas sacaron {count} caras o más, o {low} o "
                "menos? ¿Te sorprenderían {heads} caras?",
                "El conteo depende del diagrama de la clase. El puro azar da {count} caras o más, "
                "o {low} o menos, en cerca del {share} de los experimentos de {tosses} "
                "lanzamientos (más o menos una pareja de cada {one_in}): no es raro, así que "
                "{heads} caras no indican que la moneda esté cargada.",
            ),
        ),
    },
    "chance-computer": {
        "title": "El azar con la computadora: 1,000 experimentos",
        "goal": (
            "Los estudiantes comparan el diagrama de puntos de la clase con 1,000 experimentos "
            "de la computadora, ubican en esa dispersión la proporción real que ganó quien "
            "empieza en 400 partidas de Ba-awa y leen un intervalo de confianza del 95 %."
        ),
        "maths": "la probabilidad a partir de muchas repeticiones; la comparación correcta (las "
                 "partidas con ganador, no todas); simular un modelo de puro azar; un intervalo "
                 "del 95 %.",
        "materials": (
            "Proyector con el cuaderno 06, actividad 4 (preguntas b a d); el diagrama de puntos "
            "de la clase 4 (otra vez en la pizarra, o una foto); boletos de salida."
        ),
        "screen": "Las repeticiones, las 400 partidas, los 1,000 experimentos con monedas y la "
                  "figura 3.",
        "paper": "El diagrama de puntos de la clase; la pregunta d; el boleto de salida.",
        "blocks": (
            "Inicio: el diagrama de puntos de los veinte lanzamientos, otra vez en la pizarra.",
            "Preguntas b y c: las mismas diez partidas con otros estados aleatorios, y después "
            "400 partidas; por qué la línea justa no es el 50 % de todas las partidas cuando "
            "hay empates.",
            "La computadora lanza: 1,000 experimentos de 20 lanzamientos al lado del diagrama de "
            "la clase (¿el mismo centro?, ¿la misma dispersión?), y después 1,000 experimentos "
            "tan largos como las partidas con ganador, con la proporción real de quien empieza "
            "marcada.",
            "Figura 3: la proporción a medida que se suman partidas, con su intervalo del 95 %; "
            "las preguntas sobre el gráfico.",
            "Pregunta d: ¿acertaste en tu predicción? ¿Qué regla del Ba-awa podría explicarlo?",
            "Boleto de salida.",
        ),
        "homework": "",
        "ticket": (
            (
                "De {games} partidas, {draws} terminaron empatadas. Si empezar no hiciera ninguna "
                "diferencia, ¿más o menos cuántas partidas ganaría quien empieza?",
                "Cerca de {fair}: la mitad de las {decided} partidas que alguien ganó. No la "
                "mitad de las {games}, porque un empate no lo gana nadie.",
            ),
            (
                "¿Por qué la franja de la figura 3 es ancha a la izquierda y estrecha a la "
                "derecha?",
                "A la izquierda la proporción se basa en pocas partidas, y pocas partidas se "
                "mueven mucho por azar; a medida que se suman partidas, la proporción se mueve "
                "menos y el intervalo se estrecha.",
            ),
        ),
    },
    "chance-short": {
        "title": "El azar: monedas a mano, y después con la computadora",
        "goal": (
            "Los estudiantes lanzan monedas en parejas, construyen el diagrama de puntos de la "
            "clase y solo después ven a la computadora lanzar 1,000 veces y ubican en esa "
            "dispersión la proporción real de quien empieza."
        ),
        "maths": "probabilidad experimental; la variación entre muestras; simular un modelo de "
                 "puro azar.",
        "materials": (
            "Una moneda por pareja; la hoja de las monedas (el_azar_con_monedas.pdf); la "
            "pizarra; el proyector con el cuaderno 06, actividad 4 (lo corre el docente); "
            "boletos de salida."
        ),
        "screen": "Los 1,000 experimentos con monedas y las 400 partidas de Ba-awa, que corre el "
                  "docente.",
        "paper": "Las predicciones, los lanzamientos, el diagrama de puntos y el boleto de "
                 "salida.",
        "blocks": (
            "Predecir: de 100 partidas al azar, ¿cuántas ganará quien empieza, y cuántas "
            "terminarán empatadas?",
            "Parte A de la hoja de las monedas: cada pareja lanza una moneda veinte veces.",
            "Parte B: el diagrama de puntos de la clase en la pizarra; su centro y su dispersión.",
            "Parte C: el docente corre los experimentos con monedas de la actividad 4 (1,000 "
            "experimentos de 20 lanzamientos) al lado del diagrama, y luego muestra dónde cae la "
            "proporción de quien empieza en 400 partidas de Ba-awa.",
            "Conversar: ¿acertamos en la predicción? ¿Por qué dejamos fuera los empates?",
            "Boleto de salida.",
        ),
        "homework": "",
        "ticket": (
            (
                "De {games} partidas, {draws} terminaron empatadas. Si empezar no hiciera ninguna "
                "diferencia, ¿más o menos cuántas partidas ganaría quien empieza?",
                "Cerca de {fair}: la mitad de las {decided} partidas que alguien ganó. No la "
                "mitad de las {games}, porque un empate no lo gana nadie.",
            ),
            (
                "A una pareja le salieron {heads} caras en {tosses} lanzamientos. En el diagrama "
                "de puntos de la clase, ¿cuántas parejas sacaron {count} caras o más, o {low} o "
                "menos? ¿Te sorprenderían {heads} caras?",
                "El conteo depende del diagrama de la clase. El puro azar da {count} caras o más, "
                "o {low} o menos, en cerca del {share} de los experimentos de {tosses} "
                "lanzamientos (más o menos una pareja de cada {one_in}): no es raro, así que "
                "{heads} caras no indican que la moneda esté cargada.",
            ),
        ),
    },
    "community": {
        "title": "Dónde se registró el juego, y qué recuerda nuestra comunidad",
        "goal": (
            "Los estudiantes ven dónde y cuándo unos investigadores registraron el Hoyito, "
            "ponen las entrevistas de la clase en una sola tabla y las comparan, regla por "
            "regla, con las reglas registradas."
        ),
        "maths": "organizar respuestas en una tabla; comparar categorías; distinguir un dato de "
                 "una fuente de una interpretación.",
        "materials": (
            "Proyector con el cuaderno 01 (secciones 1 y 2, el mapa); las notas de las "
            "entrevistas (la hoja de la comunidad, la_comunidad_como_fuente.pdf); una tabla "
            "grande en la pizarra o en papelógrafo; boletos de salida."
        ),
        "screen": "El cuaderno 01, secciones 1 y 2: quién registró el juego, cuándo, y el mapa.",
        "paper": "Las notas de las entrevistas, la tabla de la clase, el boleto de salida.",
        "blocks": (
            "Inicio: ¿quién le preguntó a alguien? Recuérdale a la clase: sin nombres, y solo lo "
            "que las personas aceptaron compartir.",
            "El cuaderno 01, secciones 1 y 2, en el proyector: quién registró el juego, cuándo "
            "y dónde.",
            "La tabla de la clase: una fila por persona entrevistada, una columna por pregunta; "
            "para cada regla, digan si es del Hoyito I, II, III o del Ba-awa tal como las "
            "recogen los cuadernos, o una regla que nadie había registrado.",
            "Conversar: ¿de qué lugares y décadas oyó hablar la clase, y cómo se comparan con "
            "los lugares que visitaron los investigadores?",
            "Boleto de salida.",
        ),
        "homework": "",
        "ticket": (
            (
                "Nombra dos cosas que haces antes de preguntarle a una persona por el juego.",
                "Explicar de qué trata el proyecto de la clase y preguntar si la persona acepta "
                "responder; decirle que puede saltarse una pregunta o parar. No escribir "
                "nombres.",
            ),
            (
                "Una vecina dice que un cuatro siempre es para el dueño del hoyo. ¿Es un error? "
                "¿Cómo lo anotas?",
                "No es un error: se anota tal como lo dijo, con dónde y cuándo jugaba. Ninguna "
                "fuente recoge esa regla para todos los cuatros (en el Ba-awa solo el cuatro que "
                "se forma en medio de la siembra es del dueño), así que es una observación "
                "nueva.",
            ),
        ),
    },
    "fieldwork": {
        "title": "El Hoyito en el trabajo de campo: el cuaderno 01 en una clase",
        "goal": (
            "Los estudiantes aprenden quién registró el Hoyito, dónde y cuándo, y distinguen un "
            "dato de una fuente de una interpretación."
        ),
        "maths": "leer tablas, un mapa y una línea de tiempo; distinguir un dato de una "
                 "interpretación.",
        "materials": "Proyector o computadoras con el cuaderno 01; boletos de salida.",
        "screen": "El cuaderno 01, secciones 1 a 7.",
        "paper": "Las preguntas para conversar y el boleto de salida.",
        "blocks": (
            "Inicio: ¿qué sabemos de un juego sobre el que nadie escribió un libro?",
            "Secciones 1 y 2: quién registró el juego, cuándo y dónde; el mapa.",
            "Secciones 3 y 4: los nombres del juego y de sus materiales; quiénes lo jugaban en "
            "la época del trabajo de campo.",
            "Secciones 5 a 7: los tres juegos registrados, el Ba-awa, el lado haitiano de la "
            "isla.",
            "Preguntas para conversar: ¿dato o interpretación? Las secciones 8 y 9 (la línea de "
            "tiempo, lo que viene) se leen en la casa.",
            "Boleto de salida.",
        ),
        "homework": "El cuaderno 01, secciones 8 y 9.",
        "ticket": (
            (
                "¿Cuándo hicieron los investigadores su trabajo de campo en la República "
                "Dominicana, y en qué parte del país?",
                "En enero y febrero de 2005, en el suroeste del país (después de entrevistar a "
                "dominicanos que vivían en Cataluña, en septiembre de 2004).",
            ),
            (
                "¿Dato de una fuente o interpretación? \u00abEl Hoyito llegó a la Española desde "
                "Ghana.\u00bb",
                "Una interpretación que las fuentes no hacen: comparan las reglas del Hoyito I y "
                "del Ba-awa, pero no dicen cómo llegó el juego a la Española.",
            ),
        ),
    },
    "strategy": {
        "title": "Un reto de estrategia (actividad 5)",
        "goal": (
            "Los estudiantes describen una estrategia como una regla precisa, la escriben como "
            "una función corta, la ponen a prueba en seis series de partidas y la mejoran."
        ),
        "maths": "un algoritmo como regla precisa; poner a prueba una idea con datos; el ruido "
                 "en muestras pequeñas.",
        "materials": (
            "Computadoras (una por pareja) con el cuaderno 06, actividad 5; boletos de salida."
        ),
        "screen": "Escribir y correr las estrategias.",
        "paper": "Una tabla con los resultados de cada pareja; el boleto de salida.",
        "blocks": (
            "Inicio: ¿cómo escoges una jugada cuando juegas? Escriban dos ideas en la pizarra.",
            "Leer juntos en el proyector la estrategia de partida y las herramientas útiles.",
            "Las parejas cambian la estrategia, corren el reto y llevan una tabla con sus filas "
            "\u00aball\u00bb, cambiando una sola cosa a la vez.",
            "Conversar: ¿cuánto cambian las seis series con la misma estrategia? ¿Qué dice eso "
            "de una diferencia de dos partidas ganadas?",
            "Boleto de salida.",
        ),
        "homework": "",
        "ticket": (
            (
                "Escribe tu estrategia como una regla, en una oración.",
                "Cualquier regla que diga qué hoyo sembrar en cada posición (por ejemplo: comer "
                "lo más que se pueda ahora; si dos jugadas comen lo mismo, sembrar el hoyo con "
                "menos semillas).",
            ),
            (
                "Tu estrategia ganó 13 de 20 partidas en una serie, y la de tu amigo 11. ¿La "
                "tuya es mejor?",
                "No se sabe con una serie: la misma estrategia cambia varias partidas ganadas de "
                "una serie de 20 a la siguiente. Comparen las seis series juntas, y prueben más "
                "partidas.",
            ),
        ),
    },
    "class-games": {
        "title": "Las partidas de la clase como datos (actividad 6)",
        "goal": (
            "Los estudiantes copian sus partidas anotadas en una hoja de cálculo, las cargan y "
            "les hacen las preguntas de la actividad 4."
        ),
        "maths": "recoger y limpiar datos; la proporción de partidas que ganó quien empieza; "
                 "una muestra y lo que puede decir.",
        "materials": (
            "Las hojas de registro de una clase de juego (registro_de_partidas.pdf); "
            "computadoras con una hoja de cálculo y el cuaderno 06, actividad 6; la plantilla "
            "plantilla_partidas_grabadas.csv, con las columnas en español; boletos de salida."
        ),
        "screen": "Pasar los registros, cargarlos, preguntas a a d.",
        "paper": "Las hojas de registro; el boleto de salida.",
        "blocks": (
            "Inicio: ¿por qué escribimos letras de equipo y no nombres?",
            "Cada grupo pasa sus hojas de registro a la plantilla, una fila por jugada.",
            "Cargar el ejemplo inventado y contestar de la a a la c; leer el mensaje de un "
            "registro con un error.",
            "Cargar el archivo de la clase y contestar otra vez a, b y d.",
            "Boleto de salida.",
        ),
        "homework": "",
        "ticket": (
            (
                "La computadora no acepta tu registro y nombra la línea 7. ¿Qué haces?",
                "Mirar la línea 7 del archivo y la misma jugada en la hoja de papel: se copió "
                "mal el jugador o el hoyo, o la jugada no se podía hacer. Corregirla y cargar el "
                "archivo otra vez.",
            ),
            (
                "En nuestra clase, quien empezaba ganó 12 de 20 partidas con ganador. ¿Podemos "
                "decir que a la gente en general le conviene empezar?",
                "No: 20 partidas se mueven mucho por azar, y una clase no es una muestra al azar "
                "de todos los jugadores. Harían falta muchas más partidas, de muchos jugadores "
                "y lugares.",
            ),
        ),
    },
    "strategy-07a": {
        "title": "Cuaderno 07, primera parte: los jugadores de la computadora",
        "goal": (
            "Los estudiantes describen lo que hace cada jugador de la computadora, leen los "
            "resultados de un torneo pequeño con sus intervalos y comparan dos maneras de buscar "
            "una buena primera jugada."
        ),
        "maths": "proporciones e intervalos del 95 %; comparar jugadores con un torneo.",
        "materials": "Computadoras o el proyector con el cuaderno 07; boletos de salida.",
        "screen": "El cuaderno 07, secciones 1 a 3.",
        "paper": "El boleto de salida.",
        "blocks": (
            "Sección 1: los jugadores de la computadora y lo que hace cada uno.",
            "Sección 2: qué tan fuertes son, según un torneo pequeño.",
            "Sección 3: ¿una buena primera jugada? Dos maneras que no coinciden.",
            "Boleto de salida.",
        ),
        "homework": "",
        "ticket": (
            (
                "¿Cómo escoge su jugada el jugador glotón (greedy)?",
                "Escoge la jugada que come más semillas ahora (mira una jugada adelante), y entre "
                "jugadas que comen lo mismo escoge al azar.",
            ),
            (
                "¿Por qué el cuaderno juega muchas partidas, y no una, para decir qué jugador es "
                "más fuerte?",
                "Una partida se puede ganar por suerte; la proporción de muchas partidas se "
                "mueve menos por azar.",
            ),
        ),
    },
    "strategy-07b": {
        "title": "Cuaderno 07, segunda parte: reglas prácticas y juego perfecto",
        "goal": (
            "Los estudiantes ponen a prueba una regla práctica con partidas, y distinguen lo que "
            "una búsqueda profunda demuestra de lo que solo estima."
        ),
        "maths": "una hipótesis puesta a prueba con datos; demostración y estimación.",
        "materials": "Computadoras o el proyector con el cuaderno 07; boletos de salida.",
        "screen": "El cuaderno 07, secciones 4, 5 y 7.",
        "paper": "Un ejercicio de la sección 6; el boleto de salida.",
        "blocks": (
            "Sección 4: reglas prácticas, puestas a prueba.",
            "Sección 5: lo que dice la búsqueda profunda de cada apertura.",
            "Sección 7: quién gana con juego perfecto, el recuadro corto en palabras sencillas.",
            "Un ejercicio de la sección 6, en parejas.",
            "Boleto de salida.",
        ),
        "homework": "",
        "ticket": (
            (
                "Un jugador con una regla práctica le ganó el {share_won} de {games} partidas con "
                "ganador al mismo jugador sin la regla. Con una moneda justa, el 95 % central de "
                "los experimentos de {games} lanzamientos va del {low} al {high} de caras. ¿Queda "
                "demostrado que la regla ayuda?",
                "No: el {share_won} está dentro del rango que da el puro azar con {games} "
                "partidas; hacen falta más partidas.",
            ),
            (
                "¿Qué diferencia hay entre lo que la búsqueda profunda demuestra y lo que solo "
                "estima?",
                "Un valor demostrado es exacto para las reglas tal como las juega el programa; "
                "una estimación sale de una búsqueda que paró antes o de partidas, y puede "
                "cambiar con más búsqueda.",
            ),
        ),
    },
}

RUBRIC = (
    {
        "exercise": "1c",
        "title": "",
        "criterion": "La respuesta (No) y el porqué: las pasadas completas y el residuo.",
        "levels": (
            "Dice que no y explica que cada pasada completa le da una semilla a cada hoyo y que "
            "el residuo, menor que el número de hoyos, le da una más a algunos hoyos.",
            "Dice que no con parte de la razón (las semillas van una por una alrededor del "
            "anillo), o explica solo con un ejemplo.",
            "Dice que no sin razón, o da una razón que no corresponde a la respuesta.",
            "Dice que sí, o la deja en blanco.",
        ),
    },
    {
        "exercise": "3d",
        "title": "",
        "criterion": "Sembrar no cambia el total; lo que se come va de cuatro en cuatro.",
        "levels": (
            "Explica las dos cosas: sembrar solo mueve semillas, y cada vez que se come se lleva "
            "una casa de cuatro exactas, así que el total baja de cuatro en cuatro desde 48.",
            "Explica una de las dos (que se come de cuatro en cuatro, o que sembrar no cambia "
            "el total).",
            "Repite que 48, 44, 40 ... son múltiplos de cuatro sin decir por qué el juego los "
            "mantiene así.",
            "No hay explicación, o explica otra cosa.",
        ),
    },
    {
        "exercise": "",
        "title": "Actividad 7. La comunidad como fuente: las notas de la entrevista y la tabla "
                 "de la clase",
        "criterion": "Permiso, notas cuidadosas y una comparación justa con las reglas "
                     "registradas.",
        "levels": (
            "Preguntó con permiso y no escribió nombres; anotó las respuestas con las palabras "
            "de la persona, con lugar y años; comparó cada regla con el Hoyito I, II, III o el "
            "Ba-awa, y llamó a una regla que nadie había registrado una observación nueva, no "
            "un error.",
            "Con permiso y sin nombres; notas con lugar o años; comparó algunas reglas.",
            "Notas sin lugar ni años, o una comparación que dice que una respuesta está mal.",
            "Escribió un nombre, o no trajo notas.",
        ),
    },
)

QUIZ = (
    (
        "Siembras {seeds} semillas alrededor de un tablero de {holes} hoyos. ¿Cuántas semillas "
        "recibe cada hoyo, y cuántos hoyos reciben una semilla más?",
        "{answer}: {working}",
    ),
    (
        "En un tablero vacío de {holes} hoyos se siembran {seeds} semillas desde el hoyo {start}. "
        "¿En qué hoyo cae la última semilla?",
        "{answer}: {working}",
    ),
    (
        "En el Hoyito I, el Sur siembra el hoyo {start} ({seeds} semillas) en el tablero de la "
        "figura. ¿Dónde cae la última semilla de toda la jugada?",
        "{answer}: {working}",
    ),
    (
        "En el tablero de la figura, el Sur siembra el hoyo {start} ({seeds} semillas). ¿Cuántas "
        "semillas se come el Sur en el Hoyito I? Y en el Ba-awa, ¿cuántas semillas se lleva el "
        "Norte?",
        "Hoyito I: {answer}. Ba-awa: el Norte se lleva {other}, porque un cuatro que se forma en "
        "medio de la siembra es del dueño del hoyo. {working}",
    ),
    (
        "De {games} partidas entre dos jugadores al azar, {draws} terminaron empatadas. Si "
        "empezar no hiciera ninguna diferencia, ¿más o menos cuántas partidas ganaría quien "
        "empieza? Explica.",
        "Cerca de {fair}: la mitad de las {decided} partidas que alguien ganó, no la mitad de "
        "las {games}, porque un empate no lo gana nadie.",
    ),
    (
        "Una pareja lanzó una moneda justa {tosses} veces y le salieron {heads} caras. ¿Es raro? "
        "Explica con lo que da el puro azar.",
        "No es raro: el puro azar da un conteo por lo menos así de lejos de {middle} ({count} "
        "caras o más, o {low} o menos) en cerca del {share} de los experimentos de {tosses} "
        "lanzamientos.",
    ),
)

COINS = {
    "subtitle": "En parejas. La computadora lanza solo después de que la clase hizo su diagrama "
                "de puntos.",
    "need": "Necesitas: una moneda por pareja, esta hoja y un lápiz.",
    "story": (
        "Supongamos que en un juego empezar no hiciera ninguna diferencia. Entonces cada partida "
        "que alguien ganó sería como lanzar una moneda: cara, ganó quien empieza; cruz, ganó el "
        "otro jugador. ¿Cuántas caras da el puro azar en 20 lanzamientos?"
    ),
    "predict": "Antes de lanzar, escribe lo que crees: en 20 lanzamientos nos saldrán ______ "
               "caras.",
    "part_a": "Parte A (en parejas): lancen la moneda 20 veces",
    "part_a_text": (
        "Uno lanza y el otro escribe C (cara) o X (cruz) en cada casilla, en orden. No paren ni "
        "empiecen de nuevo cuando una racha parezca rara: todos los lanzamientos cuentan."
    ),
    "toss": "tiro",
    "side": "C o X",
    "count": "Caras: ______ de 20.   Proporción de caras: ______ / 20 = ______ %",
    "part_b": "Parte B (toda la clase): un diagrama de puntos en la pizarra",
    "part_b_text": (
        "Tu profesor o profesora dibuja esta recta en la pizarra. Cada pareja pone un punto "
        "encima de su número de caras; los puntos del mismo número van uno encima del otro. "
        "Copia aquí el diagrama de la clase."
    ),
    "axis": "número de caras en 20 lanzamientos",
    "questions": (
        "1. ¿Dónde caen la mayoría de los puntos? ¿Qué conteos no le salieron a ninguna pareja?\n"
        "2. El conteo más pequeño fue ______ y el más grande ______. ¿A alguna pareja le salió "
        "10 exacto?\n"
        "3. ¿Te sorprenderían 14 caras? ¿Y 18? ¿Por qué?"
    ),
    "part_c": "Parte C (después, la computadora): 1,000 experimentos",
    "part_c_text": (
        "Cuaderno {notebook}, actividad 4, \u00ab¿Qué daría el puro azar?\u00bb: la computadora "
        "hace 1,000 experimentos de 20 lanzamientos cada uno y dibuja cómo se reparten las "
        "proporciones. Compara su gráfico con el diagrama de puntos de la clase: ¿el centro es "
        "el mismo? ¿La dispersión es más o menos igual de ancha? Después el cuaderno marca la "
        "proporción que de verdad ganó quien empieza en 400 partidas de Ba-awa al azar, y "
        "pregunta si el puro azar llega a menudo tan lejos del 50 %."
    ),
    "notebook": "06_en_el_aula.ipynb",
}

LETTER = {
    "greeting": "Estimadas familias:",
    "body": (
        "En las próximas semanas, nuestra clase de matemática trabaja con el Hoyito, un juego "
        "de mancala registrado en el suroeste de la República Dominicana, en el que se siembran "
        "semillas alrededor de dos filas de hoyos. Con él practicamos la división con residuo, "
        "contar alrededor de un círculo y la probabilidad. Les pedimos permiso para dos cosas. "
        "Participar es voluntario: si una familia dice que no, su hijo o hija hace las mismas "
        "actividades con partidas de ejemplo y no pierde puntos."
    ),
    "games_heading": "1. Las partidas de su hijo o hija como datos de la clase",
    "games": (
        "Los estudiantes anotan en papel las jugadas de las partidas que juegan, o el servidor "
        "de la clase guarda las jugadas de las partidas que se juegan en un celular o una "
        "computadora. Las partidas se anotan con una letra de equipo o un seudónimo (como S07), "
        "nunca con un nombre. Las usamos solo en la clase, para contar y comparar. Si "
        "compartimos resultados fuera de la clase, no llevan nombres ni ningún detalle que "
        "permita saber quién jugó."
    ),
    "interviews_heading": "2. Preguntas a la familia sobre el juego",
    "interviews": (
        "Puede que su hijo o hija le pregunte a usted, o a familiares y vecinos, si conocen el "
        "juego y cómo lo jugaban. Responder es voluntario: pueden decir que no, saltarse una "
        "pregunta o parar cuando quieran. Los estudiantes no escriben nombres, y solo graban la "
        "voz o toman una foto si la persona está de acuerdo; no se pregunta nada sobre otros "
        "niños sin el permiso de su familia. En la clase comparten solo lo que la persona "
        "aceptó compartir."
    ),
    "questions": (
        "Si tienen alguna pregunta, escríbanme o vengan a verme. Muchas gracias por su ayuda."
    ),
    "signature": "El profesor o la profesora de matemática: ____________________   "
                 "Fecha: __________",
    "cut": "corte aquí y devuelva el talón a la escuela",
    "slip_heading": "Talón de respuesta",
    "slip_student": "Estudiante: ______________________________   Curso: __________",
    "slip_games": (
        "[  ] Acepto   [  ] No acepto   que las partidas de mi hijo o hija, sin su nombre, se "
        "usen como datos de la clase."
    ),
    "slip_interviews": (
        "[  ] Acepto   [  ] No acepto   que mi hijo o hija les pregunte a familiares y vecinos "
        "sobre el juego."
    ),
    "slip_sign": (
        "Nombre de la madre, el padre, el tutor o la tutora: ______________________   "
        "Firma: ______________   Fecha: __________"
    ),
}
