declare module 'vader-sentiment' {
  export interface VaderPolarityScores {
    neg: number;
    neu: number;
    pos: number;
    compound: number;
  }
  export class SentimentIntensityAnalyzer {
    static polarity_scores(text: string): VaderPolarityScores;
  }
  const vader: { SentimentIntensityAnalyzer: typeof SentimentIntensityAnalyzer };
  export default vader;
}
