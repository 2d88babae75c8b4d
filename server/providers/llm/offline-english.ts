// The offline writer's English grammar: the parts of a short-form script (hook, three beats,
// payoff, call to action) as pools of lines, phrased for the kind of topic (offline-topic.ts)
// and the preset's tone. It has no facts, so no line claims one: lines frame, contrast, ask and
// point the viewer at something to notice or try about *their* topic. Each line is a function of
// the topic's words, and every line must read as a finished sentence whatever noun phrase lands
// in it (the writer's tests feed it fifty topics and look for seams).
import type { Topic, TopicKind } from './offline-topic';

export interface LineContext {
  /** The topic as a noun phrase that can be a sentence's subject ("octopuses", "tides", "money habits"). */
  t: string;
  /** The same with a capital, to start a sentence. */
  T: string;
  /** The whole subject as the creator put it ("how tides work"), for the kind's own lines. */
  full: string;
  Full: string;
  /** What a list lists ("tips for better phone photos"). */
  items: string;
  /** Agreement with the topic: "it"/"they", "it"/"them", "is"/"are", "does"/"do", verb ending "s"/"". */
  it: string;
  them: string;
  is: string;
  does: string;
  s: string;
  /** The video's length, as spoken ("thirty seconds"). */
  length: string;
}

export type Line = (c: LineContext) => string;
export type BeatRole = 'contrast' | 'example' | 'howto' | 'why' | 'myth';

export interface Grammar {
  hooks: Line[];
  beats: Record<BeatRole, Line[]>;
  payoffs: Line[];
}

const generic: Grammar = {
  hooks: [
    (c) => `Most people get ${c.t} wrong, and it is not their fault.`,
    (c) => `There is one thing about ${c.t} that changes how you see the rest.`,
    (c) => `Give me ${c.length} and ${c.t} will make a lot more sense.`,
    (c) => `Quick question: could you explain ${c.t} to a friend in one breath?`,
    (c) => `Three ideas about ${c.t}, and the last one is the one that sticks.`,
    (c) => `${c.T}. Sounds simple. It is not.`,
    (c) => `If ${c.t} ever confused you, this one is for you.`,
    (c) => `${c.T}: here is what most people miss.`,
  ],
  beats: {
    contrast: [
      (c) => `From a distance, ${c.t} can look simple. Up close, every detail is doing a job.`,
      (c) => `The quick version of ${c.t} fits in a sentence. The real version is where it gets good.`,
      (c) => `What people expect from ${c.t} and what they find are rarely the same thing.`,
      (c) => `Ask ten people about ${c.t} and you will hear ten different stories. The truth usually sits in the overlap.`,
      () => `Simple from far away. Surprising up close.`,
    ],
    example: [
      (c) => `Think of the last time ${c.t} came up in a conversation. Chances are, someone repeated something half-remembered.`,
      (c) => `Picture one ordinary day. ${c.T} show${c.s} up in it more often than you would guess.`,
      (c) => `Take one real moment and slow it down. That is where ${c.t} stop${c.s} being abstract.`,
      (c) => `Watch ${c.t} closely for one minute.`,
    ],
    howto: [
      (c) => `Here is a way in: find one detail of ${c.t} you cannot explain yet, and chase that one down.`,
      (c) => `Try this: before you look anything up, write down what you think you know about ${c.t}. Then check it.`,
      (c) => `Start small. One good source on ${c.t} beats ten quick clips.`,
      () => `Pick one detail and look closer.`,
    ],
    why: [
      (c) => `Why ${c.does} ${c.t} matter? Because the small details are usually where the big consequences start.`,
      (c) => `The reason ${c.t} keep${c.s} coming up is simple: there is more to ${c.them} than the first impression.`,
      () => `Small details drive big outcomes.`,
      (c) => `Once you understand the why behind ${c.t}, the what and the how get much easier to remember.`,
    ],
    myth: [
      (c) => `There is a popular take on ${c.t} that gets repeated everywhere. Be careful with it: the popular version is rarely the whole story.`,
      (c) => `If something about ${c.t} sounds too neat to be true, it usually is. Look for the exceptions.`,
      (c) => `One trap with ${c.t}: treating the first explanation you hear as the final one.`,
      () => `The popular version is rarely the whole story.`,
    ],
  },
  payoffs: [
    (c) => `So next time ${c.t} comes up, you will see the parts most people skip.`,
    (c) => `That is the real shape of ${c.t}: simple from far away, fascinating up close.`,
    (c) => `Keep that in mind and ${c.t} will never look quite the same again.`,
    () => `The short version: look closer than everyone else does.`,
    () => `Now you will notice it everywhere.`,
  ],
};

const howto: Partial<Grammar> = {
  hooks: [
    (c) => `Want to know ${c.full}? Skip the ten-step guides for a second.`,
    (c) => `Everyone overcomplicates ${c.full}. Here is the simpler way to think about it.`,
    (c) => `This is ${c.full}, without the fluff.`,
  ],
  beats: {
    contrast: [
      () => `Beginners try to get everything right at once. People who are good at it get one thing right, then the next.`,
      () => `The difference between a first attempt and a good one is rarely talent. It is usually one step done with care.`,
    ],
    example: [
      () => `Picture your first try. The part that goes wrong is almost never the hard part: it is the step you rushed.`,
      () => `Watch someone experienced do it and notice what they do slowly. That is the part that matters.`,
    ],
    howto: [
      () => `Step one: decide what a good result looks like before you start. It tells you what to pay attention to.`,
      () => `Do it once slowly, on purpose, and notice where you hesitate. That is your next thing to practise.`,
      () => `Then repeat the one step you are least sure of until it feels boring. Boring means learned.`,
    ],
    why: [() => `This works because skills are built from small pieces, and you can only fix a piece you can see.`],
    myth: [
      () => `The big myth: that you need the perfect setup or the perfect tools first. You need a first attempt.`,
      () => `Ignore anyone who says there is only one right way. There is the way that works for you, and you find it by trying.`,
    ],
  },
  payoffs: [
    (c) => `That is ${c.full}: one clear goal, one step at a time, and honest practice on the weak spot.`,
    () => `Do that a few times and what felt hard starts to feel like yours.`,
  ],
};

const explain: Partial<Grammar> = {
  hooks: [
    (c) => `You deal with ${c.t} all the time, but do you know ${c.full}?`,
    (c) => `${c.Full}, in plain words.`,
    (c) => `Here is ${c.full}, explained like you are a smart friend, not a textbook.`,
  ],
  beats: {
    contrast: [
      () => `The textbook answer is full of jargon. The idea underneath is much simpler.`,
      () => `Most explanations start with the details. Start with the big picture instead, and the details fall into place.`,
    ],
    example: [() => `Think of it like a conversation: something sends a signal, something else listens, and rules decide who talks when.`],
    howto: [() => `Here is a trick for any explanation: ask what goes in, what comes out, and what happens in the middle.`],
    why: [() => `Here is why the mechanism is worth knowing: once you see it, the everyday quirks stop being mysterious.`],
    myth: [(c) => `The common misconception is that ${c.t} ${c.is} magic, or too complicated to understand. Neither is true.`],
  },
};

const why: Grammar = {
  hooks: [
    (c) => `Here is ${c.full}, and it is not the reason you think.`,
    (c) => `${c.Full}? Let me make the case in ${c.length}.`,
    (c) => `Hear me out on ${c.full}.`,
  ],
  beats: {
    contrast: [
      () => `Waiting feels safe. But waiting has a cost too: it just does not send you the bill right away.`,
      () => `The comfortable option and the right one are rarely the same. That gap is what this is about.`,
      () => `Waiting feels safe. It is not free.`,
    ],
    example: [
      () => `Think of someone you admire. They were not ready either. They started, and got ready along the way.`,
      () => `Look back at something you are glad you did. Chances are, it did not feel obvious at the time.`,
      () => `Nobody you admire felt ready either.`,
    ],
    howto: [
      () => `So pick the smallest version of it you can do today. Not the perfect one. The smallest one.`,
      () => `Here is how to test it: try it for one week, then decide with real information instead of guesses.`,
      () => `Start with the smallest step today.`,
    ],
    why: [
      () => `The reason this works: action creates information. You learn more from one attempt than from a month of thinking.`,
      () => `Small steps compound. What looks like nothing today looks like a head start in a year.`,
      () => `Action teaches what thinking cannot.`,
    ],
    myth: [
      () => `The myth is that confidence comes first. In reality, confidence is what you get after you do the thing.`,
      () => `People say you need the right moment. There is no right moment, only the one you use.`,
      () => `Confidence comes after, not before.`,
    ],
  },
  payoffs: [
    () => `So the case is simple: the cost of trying is small, and the cost of never trying keeps growing.`,
    () => `That is the whole argument. Now it is your move.`,
    () => `Your move.`,
  ],
};

const list: Partial<Grammar> = {
  hooks: [
    (c) => `Before you save another list of ${c.items}, hear this.`,
    (c) => `Lists of ${c.items} are everywhere. Here is how to tell the useful ones from the filler.`,
    (c) => `Everyone shares ${c.items}. Almost nobody says why they work.`,
  ],
};

const story: Grammar = {
  hooks: [
    (c) => `This is a story about ${c.t}.`,
    (c) => `Nobody remembers exactly when it began. But everyone remembers ${c.t}.`,
    (c) => `Listen closely. This one is about ${c.t}.`,
    (c) => `Some stories start with once upon a time. This one starts with ${c.t}.`,
  ],
  beats: {
    contrast: [
      () => `At first, everything seemed ordinary. The same routine, the same quiet, the same small sounds every evening.`,
      () => `By day, nothing looked out of place. It was only when the light changed that things felt different.`,
      () => `It began on an ordinary night.`,
    ],
    example: [
      () => `Then one night, something small was wrong. Something that had always been there was not.`,
      () => `And then came the moment that changed everything: a sound, very faint, from where no sound should be.`,
      () => `Then came a sound that should not be there.`,
    ],
    howto: [
      () => `So a search began. Every corner, every shadow, every place that had been looked at a hundred times before.`,
      () => `There was only one thing left to do: follow the sound, one careful step at a time.`,
      () => `So the search began, step by careful step.`,
    ],
    why: [
      () => `Why that night? Maybe because it was the first time anyone had really stopped to listen.`,
      () => `Looking back, the signs had been there all along. Nobody had put them together.`,
    ],
    myth: [
      () => `People told all kinds of versions of what happened next. Most of them were wrong.`,
      () => `Some said it was nothing at all. The ones who were there never said that.`,
    ],
  },
  payoffs: [
    () => `And when it was finally over, everything looked the same as before. Except it never really was.`,
    () => `In the end, what was lost was found, right where nobody had thought to look.`,
    () => `Some say it is still there, waiting for the next one who listens.`,
    () => `And nothing was ever quite the same.`,
  ],
};

const place: Partial<Grammar> = {
  hooks: [
    (c) => `Forget the postcard version of ${c.t}.`,
    (c) => `If you only see the famous spots of ${c.t}, you miss the best part.`,
    (c) => `${c.T}, the way a curious traveller sees it.`,
  ],
  beats: {
    contrast: [() => `The famous views are famous for a reason. But the places that stay with you are usually one street away from them.`],
    example: [() => `Picture arriving early, before the crowds, when the streets still belong to the people who live there.`],
    howto: [() => `Here is the move: walk without a plan for an hour, and go wherever the locals are going.`],
    why: [() => `Why does that work? Because a place shows its character in the ordinary moments, not the staged ones.`],
    myth: [() => `The myth is that you need a packed itinerary. Slow travel shows you more.`],
  },
};

const animal: Partial<Grammar> = {
  hooks: [
    (c) => `${c.T} ${c.is} stranger than you think.`,
    (c) => `Take a closer look at ${c.t}. Really look.`,
    (c) => `You think you know ${c.t}. Let us find out.`,
  ],
  beats: {
    contrast: [(c) => `We tend to judge ${c.t} by our own standards. But ${c.it} solved the problem of staying alive in a completely different way.`],
    example: [() => `Watch how an animal moves and you are watching a survival strategy in action.`],
    howto: [(c) => `Next time you see ${c.t}, even in a video, watch the small habits. Every one of them has a reason.`],
    why: [() => `Every strange feature you see in an animal is an answer to a question its surroundings asked.`],
    myth: [(c) => `There are plenty of myths about ${c.t}. Good rule: if it sounds like a cartoon, check it.`],
  },
};

const BY_KIND: Partial<Record<TopicKind, Partial<Grammar>>> = { howto, explain, list, place, animal };

/** The pools for one topic: the kind's own lines first, then the generic ones (story stands alone). */
export function grammarFor(topic: Topic, tone: string): Grammar {
  if (topic.kind === 'story') return tone === 'gentle' ? gentleStory : story;
  if (topic.kind === 'why') return why;
  const own = BY_KIND[topic.kind] ?? {};
  const beats = Object.fromEntries(
    (Object.keys(generic.beats) as BeatRole[]).map((role) => [role, [...(own.beats?.[role] ?? []), ...generic.beats[role]]]),
  ) as Record<BeatRole, Line[]>;
  return { hooks: [...(own.hooks ?? []), ...generic.hooks], beats, payoffs: [...(own.payoffs ?? []), ...generic.payoffs] };
}

/** A bedtime story: the same arc, nothing scary in it. */
const gentleStory: Grammar = {
  hooks: [
    (c) => `Once upon a time, there was ${c.full.replace(/^(a|an|the)\b/i, (article) => article.toLowerCase())}.`,
    (c) => `Tonight's story is about ${c.full}.`,
  ],
  beats: {
    contrast: [
      () => `Every evening went the same way: a yawn, a stretch, and a cosy place to curl up.`,
      () => `It had been a long, happy day, full of games and little adventures.`,
      () => `It was almost time to sleep.`,
    ],
    example: [
      () => `But tonight, something was missing, and nothing felt quite right without it.`,
      () => `The pillow, the blanket, the favourite spot: something that made bedtime cosy was nowhere to be found.`,
      () => `But something was missing tonight.`,
    ],
    howto: [
      () => `So the search began: under the blankets, behind the curtains, and all around the room.`,
      () => `Friends came to help, each with a soft lantern and a good idea.`,
      () => `They looked high and low, whispering softly so they would not wake the moon.`,
      () => `So the gentle search began.`,
    ],
    why: [
      () => `And little by little, everyone learned that asking for help makes any search easier.`,
      () => `Because even on the sleepiest nights, good friends make every problem a little smaller.`,
    ],
    myth: [
      () => `Someone said it might have floated away on a cloud. Everyone giggled, and kept looking.`,
      () => `A wise old owl hooted that lost things turn up when you stop worrying. Maybe she was right.`,
    ],
  },
  payoffs: [
    () => `And there it was, in the very last place anyone looked. At last, everyone could sleep soundly.`,
    () => `In the end, it had been close by all along, and the night was calm and quiet once more.`,
    () => `And at last, everyone fell asleep.`,
  ],
};

/** Orders of beat roles that make an arc: set up, develop, then something to do or remember. */
export const BEAT_ARCS: BeatRole[][] = [
  ['contrast', 'example', 'howto'],
  ['myth', 'why', 'howto'],
  ['example', 'contrast', 'why'],
  ['contrast', 'why', 'howto'],
  ['myth', 'example', 'why'],
  ['example', 'why', 'howto'],
];

/** What a preset's tone adds: an opening line before the hook, and its calls to action. */
export const TONES: Record<string, { openers: string[]; callsToAction: string[] }> = {
  neutral: {
    openers: [],
    callsToAction: [
      'Follow for more.',
      'Follow for more short breakdowns like this one.',
      'Save this for later, and share it with someone who would like it.',
      'Comment with your biggest question, and I will answer it next.',
    ],
  },
  suspense: {
    openers: ['Turn the lights down for this one.', 'Do not watch this one alone.'],
    callsToAction: ['Follow if you want to hear the next one. If you dare.', 'Tell me in the comments: would you have stayed?'],
  },
  playful: {
    openers: ['Okay, this one is fun.', 'Ready for a little surprise?'],
    callsToAction: ['Follow for a new surprise every day.', 'Send this to the friend who always knows a weird fact.'],
  },
  motivational: {
    openers: ['Listen to this before your day gets busy.', 'This one is for anyone waiting for the right moment.'],
    callsToAction: ['Save this for the day you need it, and follow for your daily push.', 'Comment one thing you will start today.'],
  },
  documentary: {
    openers: ['Let us go back a little.', 'Every story has a beginning.'],
    callsToAction: ['Follow for more stories from the past, told in under a minute.', 'Which chapter should I tell next? Tell me in the comments.'],
  },
  explainer: {
    openers: ['No jargon, I promise.', 'Let us keep this simple.'],
    callsToAction: ['Follow for more plain-words explainers.', 'Comment what I should explain next.'],
  },
  wanderlust: {
    openers: ['Pack light for this one.', 'Put this on your list.'],
    callsToAction: ['Save this for your next trip, and follow for more places worth the detour.', 'Tag the person you would go with.'],
  },
  gentle: {
    openers: ['Get cosy, and close your eyes if you like.', 'Snuggle in. It is story time.'],
    callsToAction: ['Good night, and sweet dreams. Follow for another story tomorrow.', 'Sleep well, little one. There is another story waiting tomorrow.'],
  },
  practical: {
    openers: ['Your wallet will thank you for this.', 'Quick and practical, let us go.'],
    callsToAction: ['Save this, try one today, and follow for more tips that actually pay off.', 'Comment which one you will try first.'],
  },
  futurist: {
    openers: ['Fast forward a few years.', 'Here is a glimpse of what is coming.'],
    callsToAction: ['Follow to stay ahead of what is next.', 'Would you want this at home? Tell me in the comments.'],
  },
};
