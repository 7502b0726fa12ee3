// A small slice of the Local Government Directory (lgdirectory.gov.in): real LGD state and district
// codes, enough to give synthetic residents believable addresses. Pincodes are of the district HQ.
export interface LgdDistrict {
  stateCode: string;
  stateName: string;
  districtCode: string;
  districtName: string;
  town: string;
  pincode: string;
}

export const LGD_DISTRICTS: readonly LgdDistrict[] = [
  { stateCode: '9', stateName: 'UTTAR PRADESH', districtCode: '162', districtName: 'Lucknow', town: 'Lucknow', pincode: '226001' },
  { stateCode: '9', stateName: 'UTTAR PRADESH', districtCode: '187', districtName: 'Varanasi', town: 'Varanasi', pincode: '221001' },
  { stateCode: '27', stateName: 'MAHARASHTRA', districtCode: '490', districtName: 'Pune', town: 'Pune', pincode: '411001' },
  { stateCode: '27', stateName: 'MAHARASHTRA', districtCode: '484', districtName: 'Nagpur', town: 'Nagpur', pincode: '440001' },
  { stateCode: '10', stateName: 'BIHAR', districtCode: '212', districtName: 'Patna', town: 'Patna', pincode: '800001' },
  { stateCode: '29', stateName: 'KARNATAKA', districtCode: '525', districtName: 'Bengaluru Urban', town: 'Bengaluru', pincode: '560001' },
  { stateCode: '23', stateName: 'MADHYA PRADESH', districtCode: '396', districtName: 'Bhopal', town: 'Bhopal', pincode: '462001' },
  { stateCode: '23', stateName: 'MADHYA PRADESH', districtCode: '410', districtName: 'Indore', town: 'Indore', pincode: '452001' },
  { stateCode: '28', stateName: 'ANDHRA PRADESH', districtCode: '506', districtName: 'Guntur', town: 'Guntur', pincode: '522001' },
  { stateCode: '36', stateName: 'TELANGANA', districtCode: '518', districtName: 'Ranga Reddy', town: 'Gachibowli', pincode: '500032' },
  { stateCode: '21', stateName: 'ODISHA', districtCode: '362', districtName: 'Khordha', town: 'Bhubaneswar', pincode: '751001' },
  { stateCode: '19', stateName: 'WEST BENGAL', districtCode: '313', districtName: 'Howrah', town: 'Howrah', pincode: '711101' },
  { stateCode: '18', stateName: 'ASSAM', districtCode: '618', districtName: 'Kamrup Metro', town: 'Guwahati', pincode: '781001' },
  { stateCode: '4', stateName: 'CHANDIGARH', districtCode: '44', districtName: 'Chandigarh', town: 'Chandigarh', pincode: '160017' },
];
