// What other features may read of keyword research: a workspace's finished researches and their keywords
// (Google's AI answers page checks them, issue 43).
export { researchKeywords, researchList } from './reads.ts'
