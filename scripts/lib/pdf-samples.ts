import { type CertificateData } from "~/pdf/certificate";
import { type ReportData } from "~/pdf/student-report";

// A certificate and a student report's data: the PDF tests' and npm run pdf:png's samples.

export const ACCENTED = "José Núñez Gonçalves Ñandú";

export const CERTIFICATE: CertificateData = {
  schoolName: "Horizon English School",
  place: "Guayaquil",
  issuedOn: "2026-03-12",
  number: "HES-2026-0007-000042",
  code: "ABCD-EFGH-JKMN",
  verifyUrl: "https://school.example/certificates/verify/ABCD-EFGH-JKMN",
  studentName: ACCENTED,
  level: "B1+",
  cefr: "B1",
  courseCode: "ADU-B1P-MW-0900",
  startDate: "2026-01-05",
  endDate: "2026-06-19",
  final: 85.5,
  band: "Very Good",
  exam: "PRELIM",
  professor: "Ingrid Ødegård",
};

export const REPORT: ReportData = {
  schoolName: "Horizon English School",
  issuedOn: "2026-03-12",
  studentName: ACCENTED,
  courseCode: "ADU-B1P-MW-0900",
  level: "B1+",
  cefr: "B1",
  startDate: "2026-01-05",
  endDate: "2026-06-19",
  professor: "Ingrid Ødegård",
  attendance: { present: 20, recovered: 1, late: 3, absent: 2, score: 86.54, absences: 3.5 },
  categories: [
    {
      category: "ASSIGNMENTS",
      percentage: 30,
      average: 88.25,
      items: [
        { name: "Assignment 1", grade: 90 },
        { name: "Assignment 2 — Essay", grade: 86.5 },
      ],
    },
    {
      category: "PROGRESS TESTS",
      percentage: 30,
      average: 79,
      items: [
        { name: "Progress Test 1", grade: 79 },
        { name: "Progress Test 2", grade: null },
      ],
    },
    {
      category: "EXAM",
      percentage: 40,
      average: 89.13,
      items: [
        { name: "Reading", grade: 92 },
        { name: "Listening", grade: 85.5 },
        { name: "Writing", grade: 88 },
        { name: "Speaking", grade: 91 },
      ],
    },
  ],
  final: 85.8,
  result: "PASS",
  band: "Very Good",
  exam: "PRELIM",
  modules: ["Reading", "Listening", "Writing", "Speaking"],
  nextLevel: "B2 First",
};
