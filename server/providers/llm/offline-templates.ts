// The offline writer's sentences, one set per language it writes. Each is a real sentence in that
// language with the creator's topic put where the grammar allows any noun phrase (after a
// preposition that does not merge with an article, or after "topic"/"Thema"/"tema"), so a topic
// typed in that language reads naturally. A language without a set here is not offered by the
// offline writer: the picker says it needs a configured AI model (docs/decisions/plans.md).
type Line = (topic: string) => string;

export interface LanguageTemplates {
  hooks: Line[];
  beats: Line[];
  /** What the viewer takes away, before the call to action. */
  payoffs: Line[];
  callsToAction: string[];
  /** Lower the first letter of a topic that starts the prompt (not in German: nouns are capitalised). */
  lowerFirst: boolean;
}

const cap = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const OFFLINE_TEMPLATES: Record<string, LanguageTemplates> = {
  english: {
    lowerFirst: true,
    hooks: [
      (t) => `Stop scrolling: here is what nobody tells you about ${t}.`,
      (t) => `You have been thinking about ${t} the wrong way. Let me show you why.`,
      (t) => `In the next few seconds you will see ${t} differently.`,
      (t) => `Everything you need to know about ${t}, fast.`,
    ],
    beats: [
      (t) => `First, the basics. ${cap(t)} matters more than most people think, and it starts with one simple idea.`,
      (t) => `Here is the part most people miss: small, consistent steps with ${t} beat big one-off efforts.`,
      (t) => `A quick example. Picture someone new to ${t}: the first thing they notice is how much easier it gets with a plan.`,
      (t) => `Now the common mistake. People rush ${t} and skip the fundamentals. Slow down and get those right.`,
      (t) => `Try this: explain ${t} to a friend in two sentences. Where you get stuck is what to learn next.`,
      (t) => `Why does this work? Because with ${t}, clarity beats complexity every single time.`,
      (t) => `One more tip: keep notes on what works for you with ${t}, and build on it.`,
      (t) => `And remember, progress with ${t} is never a straight line. Keep going.`,
    ],
    payoffs: [
      (t) => `So next time ${t} comes up, you will see the part most people skip.`,
      (t) => `That is ${t} in a nutshell: simple from far away, interesting up close.`,
    ],
    callsToAction: [
      'Follow for more short, useful breakdowns like this one.',
      'Save this so you have it when you need it, and share it with a friend who would love it.',
      'Comment with your biggest question and I will answer it in the next video.',
    ],
  },
  spanish: {
    lowerFirst: true,
    hooks: [
      (t) => `Deja de deslizar: esto es lo que nadie te cuenta sobre ${t}.`,
      (t) => `Quizás has estado pensando en ${t} de la forma equivocada. Te explico por qué.`,
      (t) => `En los próximos segundos vas a ver ${t} de otra manera.`,
      (t) => `Todo lo que necesitas saber sobre ${t}, en pocos segundos.`,
      (t) => `Hablemos de ${t}, en pocos segundos.`,
    ],
    beats: [
      (t) => `Primero, lo básico. ${cap(t)} importa más de lo que la mayoría cree, y todo empieza con una idea sencilla.`,
      (t) => `Esto es lo que casi todos pasan por alto: con ${t}, los pasos pequeños y constantes valen más que un gran esfuerzo aislado.`,
      (t) => `Un ejemplo rápido. Imagina a alguien que empieza con ${t}: lo primero que nota es que todo resulta más fácil con un plan.`,
      (t) => `Ahora, el error más común: ir demasiado rápido con ${t} y saltarse lo fundamental. Ve más despacio y hazlo bien.`,
      (t) => `Prueba esto: explica ${t} a un amigo en dos frases. Donde te atasques, ahí está lo próximo que aprender.`,
      (t) => `¿Por qué funciona? Porque con ${t}, la claridad le gana a la complejidad siempre.`,
      (t) => `Un consejo más: anota lo que te funciona con ${t} y construye a partir de ahí.`,
      (t) => `Y recuerda: el progreso con ${t} nunca es una línea recta. Sigue adelante.`,
      (t) => `Con ${t}, lo simple funciona.`,
      (t) => `Con ${t}, los pequeños pasos suman.`,
      () => `El error típico: ir demasiado rápido.`,
    ],
    payoffs: [
      (t) => `Así que la próxima vez que salga el tema de ${t}, verás lo que casi todos pasan por alto.`,
      (t) => `Eso es ${t} en pocas palabras: sencillo de lejos, fascinante de cerca.`,
      (t) => `Eso es ${t}, en resumen.`,
    ],
    callsToAction: [
      'Sígueme para más explicaciones breves y útiles como esta.',
      'Guarda este vídeo para tenerlo a mano y compártelo con alguien a quien le vaya a encantar.',
      'Déjame tu mayor duda en los comentarios y la responderé en el próximo vídeo.',
      'Sígueme para más.',
    ],
  },
  french: {
    lowerFirst: true,
    hooks: [
      (t) => `Arrête de scroller : voici ce que personne ne te dit sur ${t}.`,
      (t) => `Tu vois peut-être ${t} sous le mauvais angle. Je t'explique pourquoi.`,
      (t) => `Dans quelques secondes, tu verras ${t} autrement.`,
      (t) => `Tout ce qu'il faut savoir sur ${t}, en un rien de temps.`,
      (t) => `Parlons de ${t}, en quelques secondes.`,
    ],
    beats: [
      (t) => `D'abord, les bases. ${cap(t)} compte plus qu'on ne le pense, et tout commence par une idée simple.`,
      (t) => `Voici ce que la plupart des gens ratent : avec ${t}, de petits pas réguliers valent mieux qu'un gros effort ponctuel.`,
      (t) => `Un exemple rapide. Imagine quelqu'un qui découvre ${t} : la première chose qu'il remarque, c'est qu'avec un plan, tout devient plus facile.`,
      (t) => `Maintenant, l'erreur classique : vouloir aller trop vite avec ${t} et négliger les bases. Prends ton temps et maîtrise-les.`,
      (t) => `Essaie ceci : explique ${t} à un ami en deux phrases. Là où tu bloques, c'est ce qu'il te reste à apprendre.`,
      (t) => `Pourquoi ça marche ? Parce qu'avec ${t}, la clarté l'emporte toujours sur la complexité.`,
      (t) => `Encore un conseil : note ce qui marche pour toi avec ${t}, et appuie-toi dessus.`,
      (t) => `Et souviens-toi : les progrès avec ${t} ne sont jamais linéaires. Continue.`,
      (t) => `Avec ${t}, la simplicité paie.`,
      (t) => `Avec ${t}, les petits pas comptent.`,
      () => `L'erreur classique : aller trop vite.`,
    ],
    payoffs: [
      (t) => `La prochaine fois qu'on te parle de ${t}, tu verras ce que la plupart des gens ne voient pas.`,
      (t) => `Voilà pour ${t} : simple de loin, passionnant de près.`,
      (t) => `Voilà pour ${t}, en bref.`,
    ],
    callsToAction: [
      "Abonne-toi pour d'autres explications courtes et utiles comme celle-ci.",
      "Enregistre cette vidéo pour l'avoir sous la main, et partage-la avec quelqu'un qui va l'adorer.",
      "Pose ta plus grande question en commentaire, j'y réponds dans la prochaine vidéo.",
      'Abonne-toi pour la suite.',
    ],
  },
  german: {
    lowerFirst: false,
    hooks: [
      (t) => `Hör kurz auf zu scrollen. Das Thema: ${t} – und was dir dazu niemand sagt.`,
      (t) => `Beim Thema ${t} denken viele in die falsche Richtung. Ich zeige dir, warum.`,
      (t) => `In den nächsten Sekunden siehst du das Thema ${t} mit anderen Augen.`,
      (t) => `Alles Wichtige zum Thema ${t}, kurz und knapp.`,
      (t) => `Kurz und knapp zum Thema ${t}.`,
    ],
    beats: [
      (t) => `Zuerst die Grundlagen. Das Thema ${t} ist wichtiger, als die meisten denken, und alles beginnt mit einer einfachen Idee.`,
      (t) => `Das übersehen die meisten: Beim Thema ${t} bringen kleine, regelmäßige Schritte mehr als eine einmalige große Anstrengung.`,
      (t) => `Ein kurzes Beispiel. Stell dir jemanden vor, der gerade mit dem Thema ${t} anfängt: Als Erstes merkt er, wie viel leichter es mit einem Plan wird.`,
      (t) => `Jetzt der häufigste Fehler: beim Thema ${t} zu schnell vorgehen und die Grundlagen überspringen. Lass dir Zeit und mach sie richtig.`,
      (t) => `Probier das aus: Erklär das Thema ${t} einem Freund in zwei Sätzen. Wo du hängen bleibst, liegt das, was du als Nächstes lernst.`,
      (t) => `Warum funktioniert das? Weil beim Thema ${t} Klarheit jedes Mal gegen Komplexität gewinnt.`,
      (t) => `Noch ein Tipp: Schreib dir auf, was beim Thema ${t} für dich funktioniert, und bau darauf auf.`,
      (t) => `Und denk daran: Fortschritt beim Thema ${t} verläuft nie geradlinig. Bleib dran.`,
      (t) => `Beim Thema ${t} gewinnt das Einfache.`,
      (t) => `Beim Thema ${t} zählen kleine Schritte.`,
      () => `Der typische Fehler: zu schnell vorgehen.`,
    ],
    payoffs: [
      (t) => `Wenn das Thema ${t} das nächste Mal aufkommt, siehst du, was die meisten übersehen.`,
      (t) => `Das ist das Thema ${t} in Kürze: von weitem einfach, aus der Nähe spannend.`,
      (t) => `Das ist das Thema ${t} in Kürze.`,
    ],
    callsToAction: [
      'Folge mir für weitere kurze, nützliche Erklärungen wie diese.',
      'Speichere dir das Video, damit du es zur Hand hast, und teile es mit jemandem, dem es gefallen wird.',
      'Schreib deine größte Frage in die Kommentare, und ich beantworte sie im nächsten Video.',
      'Folge mir für mehr.',
    ],
  },
  italian: {
    lowerFirst: true,
    hooks: [
      (t) => `Smetti di scorrere. Il tema di oggi: ${t}. Ecco quello che nessuno ti dice.`,
      (t) => `Sul tema ${t} molti partono con il piede sbagliato. Ti spiego perché.`,
      (t) => `Nei prossimi secondi vedrai il tema ${t} in un modo nuovo.`,
      (t) => `Tutto quello che devi sapere sul tema ${t}, in pochi secondi.`,
      (t) => `Parliamo del tema ${t}, in pochi secondi.`,
    ],
    beats: [
      (t) => `Prima di tutto, le basi. Il tema ${t} conta più di quanto pensi, e tutto parte da un'idea semplice.`,
      (t) => `Ecco cosa sfugge ai più: sul tema ${t}, piccoli passi costanti valgono più di un grande sforzo isolato.`,
      (t) => `Un esempio veloce. Immagina qualcuno alle prime armi con il tema ${t}: la prima cosa che nota è quanto sia più facile con un piano.`,
      (t) => `Ora l'errore più comune: avere fretta sul tema ${t} e saltare le basi. Rallenta e falle bene.`,
      (t) => `Prova così: spiega il tema ${t} a un amico in due frasi. Dove ti blocchi, lì c'è la prossima cosa da imparare.`,
      (t) => `Perché funziona? Perché sul tema ${t} la chiarezza batte la complessità, ogni volta.`,
      (t) => `Un altro consiglio: annota cosa funziona per te sul tema ${t} e costruisci da lì.`,
      (t) => `E ricorda: i progressi sul tema ${t} non sono mai una linea retta. Non mollare.`,
      (t) => `Sul tema ${t}, la semplicità vince.`,
      (t) => `Sul tema ${t}, contano i piccoli passi.`,
      () => `L'errore tipico: avere troppa fretta.`,
    ],
    payoffs: [
      (t) => `Così, la prossima volta che si parla del tema ${t}, vedrai quello che ai più sfugge.`,
      (t) => `Ecco il tema ${t} in breve: semplice da lontano, affascinante da vicino.`,
      (t) => `Ecco il tema ${t}, in breve.`,
    ],
    callsToAction: [
      'Seguimi per altre spiegazioni brevi e utili come questa.',
      'Salva questo video per averlo sempre a portata di mano e condividilo con qualcuno a cui piacerà.',
      'Scrivi nei commenti la tua domanda più grande e ti risponderò nel prossimo video.',
      'Seguimi per altri video.',
    ],
  },
  portuguese: {
    lowerFirst: true,
    hooks: [
      (t) => `Pare de rolar a tela: isto é o que ninguém te conta sobre ${t}.`,
      (t) => `Talvez você esteja pensando sobre ${t} do jeito errado. Eu te mostro por quê.`,
      (t) => `Nos próximos segundos, você vai ver ${t} de outra forma.`,
      (t) => `Tudo o que você precisa saber sobre ${t}, bem rápido.`,
      (t) => `Vamos falar sobre ${t}, bem rápido.`,
    ],
    beats: [
      (t) => `Primeiro, o básico. ${cap(t)} importa mais do que a maioria pensa, e tudo começa com uma ideia simples.`,
      (t) => `Eis o que quase todo mundo deixa passar: com ${t}, passos pequenos e constantes valem mais do que um grande esforço isolado.`,
      (t) => `Um exemplo rápido. Imagine alguém começando com ${t}: a primeira coisa que percebe é como tudo fica mais fácil com um plano.`,
      (t) => `Agora, o erro mais comum: ter pressa com ${t} e pular o essencial. Vá com calma e faça direito.`,
      (t) => `Experimente: explique ${t} para um amigo em duas frases. Onde você travar, está o próximo passo.`,
      (t) => `Por que isso funciona? Porque, com ${t}, a clareza vence a complexidade todas as vezes.`,
      (t) => `Mais uma dica: anote o que funciona para você com ${t} e construa a partir daí.`,
      (t) => `E lembre-se: o progresso com ${t} nunca é uma linha reta. Continue.`,
      (t) => `Com ${t}, o simples funciona.`,
      (t) => `Com ${t}, pequenos passos somam.`,
      () => `O erro comum: ter pressa demais.`,
    ],
    payoffs: [
      (t) => `Então, da próxima vez que falarem sobre ${t}, você vai ver o que quase todo mundo deixa passar.`,
      (t) => `Isso é ${t} em poucas palavras: simples de longe, fascinante de perto.`,
      (t) => `Isso é ${t}, em resumo.`,
    ],
    callsToAction: [
      'Siga para mais explicações curtas e úteis como esta.',
      'Salve este vídeo para ter à mão e compartilhe com alguém que vai adorar.',
      'Comente a sua maior dúvida e eu respondo no próximo vídeo.',
      'Siga para mais.',
    ],
  },
  dutch: {
    lowerFirst: true,
    hooks: [
      (t) => `Stop met scrollen: dit vertelt niemand je over ${t}.`,
      (t) => `Misschien kijk je op de verkeerde manier naar ${t}. Ik laat je zien waarom.`,
      (t) => `In de komende seconden kijk je heel anders naar ${t}.`,
      (t) => `Alles wat je moet weten over ${t}, in het kort.`,
      (t) => `Even kort over ${t}.`,
    ],
    beats: [
      (t) => `Eerst de basis. ${cap(t)} is belangrijker dan de meeste mensen denken, en het begint met één eenvoudig idee.`,
      (t) => `Dit missen de meeste mensen: bij ${t} werken kleine, vaste stappen beter dan één grote inspanning.`,
      (t) => `Een snel voorbeeld. Stel je iemand voor die net begint met ${t}: het eerste wat opvalt, is hoeveel makkelijker het gaat met een plan.`,
      (t) => `Dan de bekendste fout: te snel willen gaan met ${t} en de basis overslaan. Neem de tijd en doe die goed.`,
      (t) => `Probeer dit: leg ${t} in twee zinnen uit aan een vriend. Waar je vastloopt, zit wat je hierna leert.`,
      (t) => `Waarom werkt dit? Omdat bij ${t} duidelijkheid het altijd wint van ingewikkeldheid.`,
      (t) => `Nog een tip: schrijf op wat voor jou werkt bij ${t}, en bouw daarop verder.`,
      (t) => `En onthoud: vooruitgang met ${t} gaat nooit in een rechte lijn. Zet door.`,
      (t) => `Bij ${t} wint eenvoud.`,
      (t) => `Bij ${t} tellen kleine stappen.`,
      () => `De bekendste fout: te snel gaan.`,
    ],
    payoffs: [
      (t) => `Dus de volgende keer dat het over ${t} gaat, zie je wat de meeste mensen missen.`,
      (t) => `Dat is ${t} in het kort: van ver eenvoudig, van dichtbij boeiend.`,
      (t) => `Dat is ${t}, in het kort.`,
    ],
    callsToAction: [
      'Volg me voor meer korte, nuttige uitleg zoals deze.',
      'Bewaar deze video zodat je hem bij de hand hebt, en deel hem met iemand die hem geweldig zal vinden.',
      'Zet je grootste vraag in de reacties, dan beantwoord ik die in de volgende video.',
      'Volg me voor meer.',
    ],
  },
};

/** The languages the offline writer writes, in the picker's order. */
export const OFFLINE_LANGUAGES: readonly string[] = Object.keys(OFFLINE_TEMPLATES);
