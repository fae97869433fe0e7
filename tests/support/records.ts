/** Records of the leave API as its responses carry them. */

export interface LeaveRequestRecord {
  id: string;
  employee_id: string;
  leave_type_id: string;
  start_date: string;
  end_date: string;
  days_count: number;
  status: 'pending' | 'approved' | 'rejected' | 'cancelled';
  reason: string;
  leave_duration: 'full_day' | 'half_day_morning' | 'half_day_afternoon';
  decided_by: string | null;
  decided_at: string | null;
  decision_comment: string | null;
  created_at: string;
  updated_at: string;
}

export interface BalanceRecord {
  employee_id: string;
  leave_type_id: string;
  year: number;
  allowance: number;
  used: number;
  pending: number;
  available: number;
}
