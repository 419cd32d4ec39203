/** A course as the staff's pages show it: its level by name, its professor's name (null: none yet). */
export interface ShownCourse {
  course_id: string;
  course_number: string;
  level: string;
  age_category: "kids" | "adults";
  type: string;
  schedule_days: string;
  start_time: string;
  end_time: string;
  start_date: string;
  end_date: string;
  professor_name: string | null;
  capacity: number;
}
